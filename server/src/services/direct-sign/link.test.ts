import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TOKEN_TTL_MS,
  directSigningUrl,
  directUserId,
  documentToken,
  isDirectUserId,
  readDocumentToken,
} from './link.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const REQUEST = '0b6f1e8c-9a4d-4b8e-8f0e-3d2c1b0a9f8e';
const SLOT = { id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d', directNonce: 'n0nce-n0nce-n0nce' };

describe('the signing link of a direct signer', () => {
  it('is 43 url-safe characters, stable for one slot, different for any other input', () => {
    const id = directUserId(SECRET, REQUEST, SLOT);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(directUserId(SECRET, REQUEST, SLOT)).toBe(id);
    const others = [
      directUserId(`${SECRET}x`, REQUEST, SLOT),
      directUserId(SECRET, REQUEST.replace('0b6f', '0b6e'), SLOT),
      directUserId(SECRET, REQUEST, { ...SLOT, id: SLOT.id.replace('5a4b', '5a4c') }),
      directUserId(SECRET, REQUEST, { ...SLOT, directNonce: 'another-nonce' }),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it('is checked exactly: a changed character, another length or another slot fails', () => {
    const id = directUserId(SECRET, REQUEST, SLOT);
    expect(isDirectUserId(SECRET, REQUEST, SLOT, id)).toBe(true);
    expect(
      isDirectUserId(SECRET, REQUEST, SLOT, `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`),
    ).toBe(false);
    expect(isDirectUserId(SECRET, REQUEST, SLOT, id.slice(0, -1))).toBe(false);
    expect(isDirectUserId(SECRET, REQUEST, { ...SLOT, directNonce: 'x' }, id)).toBe(false);
  });

  it('carries the language and the exit URLs in its query', () => {
    const url = new URL(
      directSigningUrl(
        { publicUrl: 'https://signet.example.ch', secret: SECRET },
        REQUEST,
        { ...SLOT, lang: 'it' },
        {
          exitUrl: 'https://shop.example/ok',
          errorUrl: 'https://shop.example/ok',
          declineUrl: 'https://shop.example/no',
          timeout: 45,
          redirectOnDecline: true,
        },
      ),
    );
    expect(url.pathname).toBe(`/view/${REQUEST}/${directUserId(SECRET, REQUEST, SLOT)}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'it',
      exitURL: 'https://shop.example/ok',
      declineURL: 'https://shop.example/no',
      declineRedirect: '1',
    });
  });
});

describe('the document token', () => {
  it('names its slot until it expires', () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, expiresAt } = documentToken(SECRET, REQUEST, SLOT.id, now);
    expect(expiresAt.getTime()).toBe(now + DOCUMENT_TOKEN_TTL_MS);
    expect(readDocumentToken(SECRET, token, now + 1000)).toEqual({
      requestId: REQUEST,
      signerId: SLOT.id,
    });
    expect(readDocumentToken(SECRET, token, now + DOCUMENT_TOKEN_TTL_MS + 1000)).toBeNull();
  });

  it('refuses another secret, a changed part, and garbage', () => {
    const { token } = documentToken(SECRET, REQUEST, SLOT.id);
    expect(readDocumentToken(`${SECRET}x`, token)).toBeNull();
    const [r, s, exp, mac] = token.split('.') as [string, string, string, string];
    expect(
      readDocumentToken(SECRET, [r, SLOT.id.replace('5a4b', '5a4c'), exp, mac].join('.')),
    ).toBeNull();
    expect(
      readDocumentToken(
        SECRET,
        [r, s, (Number.parseInt(exp, 36) + 3600).toString(36), mac].join('.'),
      ),
    ).toBeNull();
    expect(readDocumentToken(SECRET, 'a.b.c')).toBeNull();
    expect(readDocumentToken(SECRET, '')).toBeNull();
  });
});
