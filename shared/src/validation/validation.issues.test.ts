import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZUpdateBusinessSchema } from '../business/business.schema.ts';
import { fieldErrorsOf, formRuleOf } from './validation.issues.ts';

describe('formRuleOf', () => {
  it.each([
    [{ code: 'custom', rule: 'email' }, { rule: 'email' }],
    [{ code: 'custom', rule: 'format' }, { rule: 'format' }],
    [{ code: 'too_small', minimum: 1 }, { rule: 'required' }],
    [
      { code: 'too_small', minimum: 10 },
      { rule: 'minLength', limit: 10 },
    ],
    [
      { code: 'too_big', maximum: 200 },
      { rule: 'maxLength', limit: 200 },
    ],
    [{ code: 'invalid_format' }, { rule: 'format' }],
    [{ code: 'invalid_type' }, { rule: 'invalid' }],
  ])('%j → %j', (issue, expected) => {
    expect(formRuleOf({ path: ['x'], message: 'm', ...issue })).toEqual(expected);
  });
});

describe('fieldErrorsOf', () => {
  it('maps the body issues of a VALIDATION_FAILED onto dotted field paths, first one wins', () => {
    expect(
      fieldErrorsOf({
        code: 'VALIDATION_FAILED',
        details: [
          {
            in: 'body',
            path: ['supportContact', 'email'],
            code: 'custom',
            message: 'x',
            rule: 'email',
          },
          { in: 'body', path: ['name'], code: 'too_big', message: 'x', maximum: 200 },
          { in: 'body', path: ['name'], code: 'custom', message: 'x', rule: 'format' },
          { in: 'params', path: ['id'], code: 'too_big', message: 'x' },
          'garbage',
        ],
      }),
    ).toEqual({
      'supportContact.email': { rule: 'email' },
      name: { rule: 'maxLength', limit: 200 },
    });
  });

  it('is null for other failures', () => {
    expect(fieldErrorsOf({ code: 'NOT_FOUND', details: [] })).toBeNull();
    expect(fieldErrorsOf({ code: 'VALIDATION_FAILED', details: 'x' })).toBeNull();
    expect(
      fieldErrorsOf({
        code: 'VALIDATION_FAILED',
        details: [{ in: 'query', path: ['a'], code: 'x', message: 'y' }],
      }),
    ).toBeNull();
  });

  it('names the rule of the shared refinements in zod issues', () => {
    const r = ZUpdateBusinessSchema.safeParse({ supportContact: { email: 'nope', phone: '12' } });
    expect(r.success).toBe(false);
    const params = (r.error as z.ZodError).issues.map((i) =>
      i.code === 'custom' ? (i.params as { rule?: string }).rule : i.code,
    );
    expect(params).toEqual(['email', 'format']);
  });
});
