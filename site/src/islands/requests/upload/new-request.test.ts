import { describe, expect, it } from 'vitest';
import { createBody, draftProblems, type TDraft } from './new-request.ts';

const person = (key: number, email: string, order = '1') => ({ key, email, order });
const done = { state: 'done' as const, document: { id: 'doc-1' } };

const draft = (over: Partial<TDraft> = {}): TDraft => ({
  files: [done],
  title: 'Lease',
  message: '',
  inOrder: false,
  signers: [person(1, 'a@example.ch')],
  observers: [],
  ...over,
});

describe('draftProblems', () => {
  it('accepts a complete draft', () => {
    expect(draftProblems(draft(), 'send')).toEqual({});
  });

  it('needs a finished file and a title', () => {
    expect(draftProblems(draft({ files: [], title: ' ' }), 'draft')).toEqual({
      files: 'needFile',
      title: 'required',
    });
    expect(
      draftProblems(draft({ files: [{ state: 'uploading', document: null }] }), 'draft').files,
    ).toBe('stillUploading');
  });

  it('refuses an address named twice, also as signer and observer', () => {
    const twice = draft({
      signers: [person(1, 'a@example.ch'), person(2, 'b@example.ch')],
      observers: [person(3, 'A@example.ch')],
    });
    expect(draftProblems(twice, 'send')).toEqual({ 'observer-3': 'duplicate' });
  });

  it('checks the signing order against the shared range only when signing in order', () => {
    const ordered = (order: string) =>
      draft({ inOrder: true, signers: [person(1, 'a@example.ch', order)] });
    expect(draftProblems(ordered('1000'), 'send')).toEqual({});
    expect(draftProblems(ordered('1001'), 'send')).toEqual({ 'order-1': 'order' });
    expect(draftProblems(ordered('1.5'), 'send')).toEqual({ 'order-1': 'order' });
    expect(draftProblems({ ...ordered('x'), inOrder: false }, 'send')).toEqual({});
  });

  it('lets a draft be saved without a signer, never sent', () => {
    const none = draft({ signers: [person(1, '')] });
    expect(draftProblems(none, 'draft')).toEqual({});
    expect(draftProblems(none, 'send')).toEqual({ 'signer-1': 'needSigner' });
  });
});

describe('createBody', () => {
  it('sends trimmed, lowercased addresses with their order', () => {
    const body = createBody(
      draft({
        inOrder: true,
        message: '  please  ',
        signers: [person(1, ' A@Example.ch ', '2'), person(2, '', '3')],
        observers: [person(3, 'O@example.ch')],
      }),
    );
    expect(body).toEqual({
      title: 'Lease',
      message: 'please',
      documents: [{ document_id: 'doc-1' }],
      signatures: [
        {
          signer_identity_data: { email_address: 'a@example.ch' },
          order: 2,
          document_signatures: [],
        },
      ],
      observers: ['o@example.ch'],
    });
  });
});
