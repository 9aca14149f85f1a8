import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MAIL_LANGS = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const;
export type MailLang = (typeof MAIL_LANGS)[number];
export const DEFAULT_MAIL_LANG: MailLang = 'en-gb';

/**
 * Templates with required data. Any other template works too when its keys exist in
 * `locales/<lang>/email.json` (see {@link renderMail}).
 */
export const MAIL_TEMPLATES = {
  'confirm-signup': ['email', 'url', 'hours'],
  'account-exists': ['email', 'url'],
  'reset-password': ['email', 'url', 'hours'],
  'password-changed': ['email', 'date', 'url'],
  'request-invitation': ['title', 'ownerName', 'ownerEmail', 'email', 'url', 'claimUrl'],
  'request-reminder': ['title', 'ownerName', 'ownerEmail', 'email', 'url', 'claimUrl'],
  'request-declined': ['title', 'actorName', 'url'],
  'request-withdrawn': ['title', 'actorName', 'url'],
  'request-expired': ['title', 'ownerName', 'url'],
  'request-completed': ['title', 'url'],
  'request-declined-direct': ['title', 'actorName', 'ownerName', 'ownerEmail'],
  'request-withdrawn-direct': ['title', 'actorName', 'ownerName', 'ownerEmail'],
  'request-expired-direct': ['title', 'ownerName', 'ownerEmail'],
  'request-completed-direct': ['title', 'ownerName', 'ownerEmail'],
  'direct-tan': ['code', 'title', 'minutes', 'senderName'],
  'business-invitation': ['businessName', 'inviterName', 'email', 'url'],
  'business-deleted': ['businessName', 'url'],
  'signing-tan': ['tan', 'quality', 'count', 'minutes'],
  'trial-ending': ['businessName', 'date', 'url'],
  'trial-expired': ['businessName', 'date', 'url'],
} as const satisfies Record<string, readonly string[]>;
export type KnownMailTemplate = keyof typeof MAIL_TEMPLATES;
export type MailTemplateName = KnownMailTemplate | (string & {});

export type MailData = Record<string, string | number | null | undefined>;

export type RenderedMail = { subject: string; html: string; text: string; lang: MailLang };

/** Rendering failures are permanent: retrying cannot fix a missing key or value. */
export class MailTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailTemplateError';
  }
}

const CODES: Record<string, MailLang> = { en: 'en-gb', de: 'de-ch', fr: 'fr-ch', it: 'it' };

/** Maps `de`, `de-CH`, `de-ch`, … to a mail language; unknown → en-gb. */
export function normalizeLang(lang: string | null | undefined): MailLang {
  const l = (lang ?? '').toLowerCase().replace('_', '-');
  if ((MAIL_LANGS as readonly string[]).includes(l)) return l as MailLang;
  return CODES[l.slice(0, 2)] ?? DEFAULT_MAIL_LANG;
}

const cache = new Map<string, Record<string, string>>();

/** One namespace (`email`, `site`, …) of one language (read once). */
export function loadLocaleStrings(lang: MailLang, namespace: string): Record<string, string> {
  const id = `${lang}/${namespace}`;
  let strings = cache.get(id);
  if (!strings) {
    const path = fileURLToPath(import.meta.resolve(`@signet/locales/${id}.json`));
    strings = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    cache.set(id, strings);
  }
  return strings;
}

/** The `email` namespace of one language (read once). */
export function loadMailStrings(lang: MailLang): Record<string, string> {
  return loadLocaleStrings(lang, 'email');
}

/** Forget cached strings (tests that edit locale files). */
export function clearMailStringCache(): void {
  cache.clear();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

function interpolate(
  template: string,
  data: MailData,
  encode: (s: string) => string,
  key: string,
): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => {
    const v = data[name];
    if (v === undefined || v === null) {
      throw new MailTemplateError(`mail text ${key} needs "${name}", which the data lacks`);
    }
    return encode(String(v));
  });
}

function safeUrl(url: unknown): string {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new MailTemplateError(`mail link must be an http(s) URL, got ${String(url)}`);
  }
  return url;
}

/**
 * Renders a template in `lang` (falling back to en-gb per key) from the `email` namespace:
 * `<t>.subject`, `<t>.heading` (optional), `<t>.body` (paragraphs split by a blank line),
 * `<t>.action` (button to `data.url`, optional), `<t>.note` (optional). `data.name` adds a
 * personal greeting. Values are HTML-escaped; links must be http(s).
 */
export function renderMail(template: MailTemplateName, lang: string, data: MailData): RenderedMail {
  const l = normalizeLang(lang);
  const own = loadMailStrings(l);
  const fallback = l === DEFAULT_MAIL_LANG ? own : loadMailStrings(DEFAULT_MAIL_LANG);
  const get = (key: string): string | undefined => own[key] ?? fallback[key];
  const required = (key: string): string => {
    const v = get(key);
    if (v === undefined) throw new MailTemplateError(`missing mail text ${key}`);
    return v;
  };
  const need = (MAIL_TEMPLATES as Record<string, readonly string[]>)[template];
  for (const field of need ?? []) {
    if (data[field] === undefined || data[field] === null || data[field] === '') {
      throw new MailTemplateError(`mail ${template} needs data.${field}`);
    }
  }

  const text = (key: string) => interpolate(required(key), data, String, key);
  const html = (key: string) => interpolate(required(key), data, escapeHtml, key);
  const has = (key: string) => get(key) !== undefined;

  const subject = text(`${template}.subject`);
  const headingKey = has(`${template}.heading`) ? `${template}.heading` : `${template}.subject`;
  const greetingKey = data.name ? 'layout.greeting' : 'layout.greetingAnonymous';
  const bodyKey = `${template}.body`;
  const paragraphsText = text(bodyKey).split(/\n\s*\n/);
  const paragraphsHtml = html(bodyKey)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\n/g, '<br>'));
  const action = has(`${template}.action`) && data.url ? safeUrl(data.url) : undefined;
  const note = has(`${template}.note`) ? `${template}.note` : undefined;

  const textParts = [
    text(greetingKey),
    ...paragraphsText,
    ...(action ? [`${text(`${template}.action`)}: ${action}`] : []),
    ...(note ? [text(note)] : []),
    text('layout.signoff'),
    '--',
    text('layout.footer'),
  ];

  const P = 'style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933"';
  const htmlParts = [
    `<p ${P}>${html(greetingKey)}</p>`,
    ...paragraphsHtml.map((p) => `<p ${P}>${p}</p>`),
  ];
  if (action) {
    const href = escapeHtml(action);
    htmlParts.push(
      `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#006FE6;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${html(`${template}.action`)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:13px;color:#52606d">${html('layout.linkHint')}<br><a href="${href}" style="color:#006FE6;word-break:break-all">${href}</a></p>`,
    );
  }
  if (note)
    htmlParts.push(`<p style="margin:0 0 16px;font-size:13px;color:#52606d">${html(note)}</p>`);
  htmlParts.push(`<p ${P}>${html('layout.signoff')}</p>`);

  return {
    subject,
    lang: l,
    text: `${textParts.join('\n\n')}\n`,
    html: layout({
      lang: l,
      brand: brandOf(data),
      title: escapeHtml(subject),
      heading: html(headingKey),
      content: htmlParts.join('\n'),
      footer: html('layout.footer'),
    }),
  };
}

/**
 * The mail's header: the product's name, or the logo of the business the mail is about
 * (`data.logoUrl`, an http(s) URL, with `data.logoAlt` as its text).
 */
function brandOf(data: MailData): string {
  const url = data.logoUrl;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return 'Signet';
  const alt = escapeHtml(String(data.logoAlt ?? ''));
  return `<img src="${escapeHtml(url)}" alt="${alt}" height="40" style="height:40px;max-width:240px;border:0">`;
}

function layout(p: {
  lang: string;
  brand: string;
  title: string;
  heading: string;
  content: string;
  footer: string;
}) {
  return `<!doctype html>
<html lang="${p.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${p.title}</title></head>
<body style="margin:0;padding:0;background:#f3f5f7;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:700;color:#006FE6">${p.brand}</td></tr>
<tr><td style="padding:16px 32px 8px"><h1 style="margin:0 0 16px;font-size:22px;color:#1f2933">${p.heading}</h1>
${p.content}
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;color:#7b8794;border-top:1px solid #e4e7eb">${p.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * The text of an SMS: `<template>.sms` of the `email` namespace in `lang` (en-gb fallback per
 * key), with `{{placeholders}}` filled in as plain text.
 */
export function renderSmsText(template: string, lang: string, data: MailData): string {
  const l = normalizeLang(lang);
  const key = `${template}.sms`;
  const text = loadMailStrings(l)[key] ?? loadMailStrings(DEFAULT_MAIL_LANG)[key];
  if (text === undefined) throw new MailTemplateError(`missing SMS text ${key}`);
  return interpolate(text, data, String, key);
}
