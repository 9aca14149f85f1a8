import { describe, expect, it } from 'vitest';
import {
  loadMailStrings,
  MAIL_LANGS,
  MAIL_TEMPLATES,
  MailTemplateError,
  normalizeLang,
  renderMail,
} from './index.ts';

const data = {
  email: 'anna@example.com',
  url: 'https://signet.example/signup/confirm?token=abc&lang=en',
  hours: 24,
  date: '21 Nov 2026, 10:15',
  name: 'Anna',
};

const CORE = ['confirm-signup', 'account-exists', 'reset-password', 'password-changed'] as const;

describe('mail templates', () => {
  it.each(MAIL_LANGS)('renders every core template in %s', (lang) => {
    const strings = loadMailStrings(lang);
    for (const template of CORE) {
      // Every key exists in this language itself, not only through the fallback.
      for (const part of ['subject', 'body', 'action']) {
        expect(strings[`${template}.${part}`], `${lang} ${template}.${part}`).toBeTruthy();
      }
      const m = renderMail(template, lang, data);
      expect(m.lang).toBe(lang);
      expect(m.subject).toBe(strings[`${template}.subject`]);
      expect(m.html).toContain(`<html lang="${lang}">`);
      expect(m.html).toContain(
        'href="https://signet.example/signup/confirm?token=abc&amp;lang=en"',
      );
      expect(m.text).toContain(data.url);
      expect(m.text).toContain(strings['layout.signoff']);
      expect(m.text).toContain('anna@example.com');
      expect(m.html).not.toMatch(/\{\{|\}\}/);
      expect(m.text).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('translates: the four languages give four different subjects', () => {
    for (const template of CORE) {
      const subjects = new Set(MAIL_LANGS.map((l) => renderMail(template, l, data).subject));
      expect(subjects.size, template).toBe(4);
    }
  });

  it('greets by name when known', () => {
    expect(renderMail('confirm-signup', 'de-ch', data).text.startsWith('Hallo Anna')).toBe(true);
    const { name: _, ...anonymous } = data;
    expect(renderMail('confirm-signup', 'de-ch', anonymous).text.startsWith('Hallo\n')).toBe(true);
  });

  it('maps language codes and falls back to en-gb', () => {
    expect(normalizeLang('de')).toBe('de-ch');
    expect(normalizeLang('fr-CH')).toBe('fr-ch');
    expect(normalizeLang('it')).toBe('it');
    expect(normalizeLang('es')).toBe('en-gb');
    expect(normalizeLang(undefined)).toBe('en-gb');
    expect(renderMail('reset-password', 'xx', data).lang).toBe('en-gb');
  });

  it('escapes interpolated values in HTML but not in text', () => {
    const m = renderMail('account-exists', 'en-gb', {
      ...data,
      email: '<script>alert("x")</script>@example.com',
      name: 'Bob & <b>Eve</b>',
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;@example.com');
    expect(m.html).toContain('Bob &amp; &lt;b&gt;Eve&lt;/b&gt;');
    expect(m.text).toContain('<script>alert("x")</script>@example.com');
  });

  it('refuses missing data and unsafe links', () => {
    const { url: _, ...noUrl } = data;
    expect(() => renderMail('confirm-signup', 'en-gb', noUrl)).toThrow(MailTemplateError);
    expect(() =>
      renderMail('reset-password', 'en-gb', { ...data, url: 'javascript:alert(1)' }),
    ).toThrow(MailTemplateError);
    expect(() => renderMail('no-such-template', 'en-gb', data)).toThrow(/missing mail text/);
  });

  it('declares the data each core template needs', () => {
    for (const template of CORE) expect(MAIL_TEMPLATES[template]).toContain('url');
  });
});
