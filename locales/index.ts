/**
 * Translations of the product: `<lang>/<namespace>.json`, flat dotted keys, read by the site,
 * the console and the e-mail templates. en-gb is the default and the fallback.
 *
 * Adding a namespace or a file: import it below and list it in `messages`; `locales.test.ts`
 * fails while a file on disk is not imported here.
 */
import { DEFAULT_LANG, LANGS, type TLang } from '@signet/shared/i18n/lang.constants';
import deChAccount from './de-ch/account.json' with { type: 'json' };
import deChAdmin from './de-ch/admin.json' with { type: 'json' };
import deChDirect from './de-ch/direct.json' with { type: 'json' };
import deChEmail from './de-ch/email.json' with { type: 'json' };
import deChErrors from './de-ch/errors.json' with { type: 'json' };
import deChEvidence from './de-ch/evidence.json' with { type: 'json' };
import deChRequests from './de-ch/requests.json' with { type: 'json' };
import deChSite from './de-ch/site.json' with { type: 'json' };
import deChTrust from './de-ch/trust.json' with { type: 'json' };
import enGbAccount from './en-gb/account.json' with { type: 'json' };
import enGbAdmin from './en-gb/admin.json' with { type: 'json' };
import enGbDirect from './en-gb/direct.json' with { type: 'json' };
import enGbEmail from './en-gb/email.json' with { type: 'json' };
import enGbErrors from './en-gb/errors.json' with { type: 'json' };
import enGbEvidence from './en-gb/evidence.json' with { type: 'json' };
import enGbRequests from './en-gb/requests.json' with { type: 'json' };
import enGbSite from './en-gb/site.json' with { type: 'json' };
import enGbTrust from './en-gb/trust.json' with { type: 'json' };
import frChAccount from './fr-ch/account.json' with { type: 'json' };
import frChAdmin from './fr-ch/admin.json' with { type: 'json' };
import frChDirect from './fr-ch/direct.json' with { type: 'json' };
import frChEmail from './fr-ch/email.json' with { type: 'json' };
import frChErrors from './fr-ch/errors.json' with { type: 'json' };
import frChEvidence from './fr-ch/evidence.json' with { type: 'json' };
import frChRequests from './fr-ch/requests.json' with { type: 'json' };
import frChSite from './fr-ch/site.json' with { type: 'json' };
import frChTrust from './fr-ch/trust.json' with { type: 'json' };
import itAccount from './it/account.json' with { type: 'json' };
import itAdmin from './it/admin.json' with { type: 'json' };
import itDirect from './it/direct.json' with { type: 'json' };
import itEmail from './it/email.json' with { type: 'json' };
import itErrors from './it/errors.json' with { type: 'json' };
import itEvidence from './it/evidence.json' with { type: 'json' };
import itRequests from './it/requests.json' with { type: 'json' };
import itSite from './it/site.json' with { type: 'json' };
import itTrust from './it/trust.json' with { type: 'json' };

/** Interface languages (shared's); en-gb is the default and the fallback. */
export { DEFAULT_LANG, LANGS };
export type Lang = TLang;

/**
 * Namespaces and who reads them: `site` (site shell), `account` (login, signup, reset,
 * profile, dashboard pages), `admin` (console), `email` (mail templates), `errors` (API error
 * codes → user text), `requests` (upload, request view, signing dialogs and overlays),
 * `evidence` (the protocol, the visual signature's words, the public /verify report), `direct`
 * (direct signing without an account: its pages, overlays and the sandbox signing app),
 * `trust` (signature standards, identification and its sandbox, visual signatures, the TAN).
 */
export const NAMESPACES = [
  'site',
  'account',
  'admin',
  'email',
  'errors',
  'requests',
  'evidence',
  'direct',
  'trust',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** One namespace of one language: flat dotted keys → text. */
export type MessageTable = Readonly<Record<string, string>>;
/** Every language's namespaces; a namespace may be missing in a language (then en-gb is used). */
export type Messages = Readonly<Record<Lang, Readonly<Partial<Record<Namespace, MessageTable>>>>>;

/** All translations, statically imported so bundlers ship them without file access. */
export const messages: Messages = {
  'en-gb': {
    account: enGbAccount,
    admin: enGbAdmin,
    direct: enGbDirect,
    email: enGbEmail,
    errors: enGbErrors,
    evidence: enGbEvidence,
    requests: enGbRequests,
    site: enGbSite,
    trust: enGbTrust,
  },
  'de-ch': {
    account: deChAccount,
    admin: deChAdmin,
    direct: deChDirect,
    email: deChEmail,
    errors: deChErrors,
    evidence: deChEvidence,
    requests: deChRequests,
    site: deChSite,
    trust: deChTrust,
  },
  'fr-ch': {
    account: frChAccount,
    admin: frChAdmin,
    direct: frChDirect,
    email: frChEmail,
    errors: frChErrors,
    evidence: frChEvidence,
    requests: frChRequests,
    site: frChSite,
    trust: frChTrust,
  },
  it: {
    account: itAccount,
    admin: itAdmin,
    direct: itDirect,
    email: itEmail,
    errors: itErrors,
    evidence: itEvidence,
    requests: itRequests,
    site: itSite,
    trust: itTrust,
  },
};

/** Values for placeholders: `{name}` or `{{name}}` in a text. */
export type Vars = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}|\{([\w.-]+)\}/g;

/** True for one of {@link LANGS}. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Replaces `{name}` and `{{name}}` placeholders with `vars`; a placeholder without a value stays
 * as written, so a missing value shows instead of vanishing.
 */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(PLACEHOLDER, (whole, double?: string, single?: string) => {
    const name = (double ?? single) as string;
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Looks a key up in `table`: the language's text, else en-gb's, else the key itself (so a missing
 * text is visible and searchable), then fills placeholders. An unknown language counts as en-gb.
 */
export function translate(
  table: Messages,
  lang: string,
  ns: Namespace,
  key: string,
  vars?: Vars,
): string {
  const own = isLang(lang) ? lookup(table[lang][ns], key) : undefined;
  const text = own ?? lookup(table[DEFAULT_LANG][ns], key) ?? key;
  return interpolate(text, vars);
}

function lookup(table: MessageTable | undefined, key: string): string | undefined {
  // Own keys only: `constructor` or `toString` must not reach the prototype.
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Translates with the product's {@link messages}. */
export function t(lang: string, ns: Namespace, key: string, vars?: Vars): string {
  return translate(messages, lang, ns, key, vars);
}
