import { describe, expect, it } from 'vitest';
import { pageTitle, titleFromRoute } from './title.ts';

describe('titleFromRoute', () => {
  it('capitalises hyphenated words of the last segment', () => {
    expect(titleFromRoute('/profile/change-password')).toBe('Change Password');
    expect(titleFromRoute('/signup/mail-sent')).toBe('Mail Sent');
  });
  it('skips parameter segments', () => {
    expect(titleFromRoute('/view/[srid]')).toBe('View');
    expect(titleFromRoute('/view/[id]/[userid]')).toBe('View');
    expect(titleFromRoute('/business/seals/{accountname}')).toBe('Seals');
    expect(titleFromRoute('/direct-sign/identification/:id/:userid/preview')).toBe('Preview');
    expect(titleFromRoute('/[...path]')).toBe('');
  });
  it('is empty for the root and ignores query and trailing slash', () => {
    expect(titleFromRoute('/')).toBe('');
    expect(titleFromRoute('/dashboard/?tab=inbox')).toBe('Dashboard');
  });
});

describe('pageTitle', () => {
  it('uses a string title meta as is', () => {
    expect(pageTitle('Sign in', '/login')).toBe('Sign in - Signet');
  });
  it('falls back to the route when the meta is not a string', () => {
    expect(pageTitle(undefined, '/password-reset/new')).toBe('New - Signet');
    expect(pageTitle(42, '/profile/signature-standards')).toBe('Signature Standards - Signet');
  });
  it('is the product name alone when the text is empty', () => {
    expect(pageTitle(undefined, '/')).toBe('Signet');
    expect(pageTitle('', '/login')).toBe('Signet');
  });
});
