/**
 * Rules for the translation files, checked on what is on disk (new namespaces are picked up by
 * listing the folders):
 *
 * 1. The folders are exactly the languages of LANGS; each file is `<namespace>.json` with a
 *    namespace of NAMESPACES, holds one flat object of non-empty strings, and is imported in
 *    `index.ts` (its content equals `messages[lang][ns]`).
 * 2. en-gb is the reference: it has every namespace any language has, and no language has a key
 *    en-gb lacks.
 * 3. de-ch and fr-ch have every key of every en-gb namespace. Italian is selectable only in
 *    direct-sign, so `it` must be complete for the namespaces direct-sign uses
 *    (IT_REQUIRED_NAMESPACES); elsewhere it may be partial and falls back to en-gb.
 * 4. A translation uses the same placeholders (`{name}`, `{{name}}`) as its en-gb text.
 * 5. No English left: a de-ch, fr-ch or it text may equal the en-gb text only when its key is in
 *    SAME_AS_ENGLISH (brand names and addresses for all; per language the words it shares
 *    with English) or the text has no letters besides placeholders. Listed keys must exist,
 *    so the list cannot rot.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANG,
  interpolate,
  LANGS,
  type Lang,
  type Messages,
  messages,
  NAMESPACES,
  type Namespace,
  t,
  translate,
} from './index.ts';

/** Namespaces direct-sign shows, which Italian must therefore translate completely. */
const IT_REQUIRED_NAMESPACES: readonly Namespace[] = ['email', 'errors', 'site', 'direct'];

/**
 * Keys whose translation may equal the English text: under `all` for every language (brand
 * names, e-mail addresses), else per language for words that language really shares with
 * English. Keep it small; every entry must name an existing en-gb key.
 */
const SAME_AS_ENGLISH: Readonly<
  Record<'all' | Lang, Readonly<Partial<Record<Namespace, readonly string[]>>>>
> = {
  all: {
    site: ['product.name'],
    // Plan names are product names.
    admin: [
      'app.title',
      'menu.api',
      'upgrade.tier_pro',
      'upgrade.tier_scale',
      'billing.plan_PRO_V1',
      'billing.plan_SCALE',
    ],
    evidence: ['event.system'],
    requests: ['viewer.zoom'],
    // A brand: the name of the Austrian e-ID.
    trust: ['method.id-austria.title', 'page.idAustria.title'],
  },
  'en-gb': {},
  'de-ch': {
    admin: [
      'ra.message.details',
      'admins.name',
      'menu.domains',
      'members.role_admin',
      'members.name',
      'domains.title',
      'domains.domain',
      'domains.status',
      'domains.record_name',
      'aes.domains',
      'activity.person',
      'menu.upgrade',
      'upgrade.tier_team',
      'upgrade.tier_individual',
      'billing.plan_TEAM_V1',
      'billing.plan_INDIVIDUAL_V1',
      'api_users.name',
      'activity.details',
    ],
    direct: ['form.optional', 'dialog.tan.label'],
    evidence: [
      'protocol.status',
      'protocol.name',
      'signature.legislation.EIDAS',
      'signature.legislation.ZERTES',
    ],
    trust: ['mobile.status', 'tan.label'],
  },
  'fr-ch': {
    admin: [
      'profile.email',
      'ra.navigation.current_page',
      'members.role_admin',
      'members.email',
      'activity.signatures',
      'activity.identifications',
    ],
    direct: ['view.message', 'dialog.tan.label'],
    requests: ['viewer.documents'],
    evidence: [
      'protocol.documents',
      'protocol.pageOne',
      'protocol.pageMany',
      'protocol.email',
      'verify.kind.signature',
      'verify.file',
      'channel.mail',
    ],
    trust: ['standards.active', 'standards.level.ses', 'tan.label', 'place.box'],
  },
  it: {
    admin: ['profile.email', 'ra.boolean.false', 'ra.message.no', 'ra.auth.user_menu'],
    evidence: ['protocol.email', 'channel.mail'],
    // A company name; "video" is Italian too.
    trust: ['ident.provider.srs'],
  },
};

const root = import.meta.dirname;
const TRANSLATED: readonly Lang[] = LANGS.filter((lang) => lang !== DEFAULT_LANG);

type Files = Map<Lang, Map<string, Record<string, unknown>>>;

function readFiles(): Files {
  const files: Files = new Map();
  for (const lang of LANGS) {
    const byNs = new Map<string, Record<string, unknown>>();
    for (const name of readdirSync(join(root, lang)).sort()) {
      const path = join(root, lang, name);
      if (!statSync(path).isFile()) continue;
      const ns = name.replace(/\.json$/, '');
      byNs.set(ns === name ? `!${name}` : ns, JSON.parse(readFileSync(path, 'utf8')));
    }
    files.set(lang, byNs);
  }
  return files;
}

const files = readFiles();
const namespacesOnDisk = [...new Set([...files.values()].flatMap((byNs) => [...byNs.keys()]))];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*[\w.-]+\s*\}\}|\{[\w.-]+\}/g)].map((m) => m[0]).sort();
}

function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\{\s*[\w.-]+\s*\}\}|\{[\w.-]+\}/g, ''));
}

describe('files', () => {
  it('has one folder per language, the same languages as @signet/shared', () => {
    const folders = readdirSync(root).filter(
      (name) => statSync(join(root, name)).isDirectory() && name !== 'node_modules',
    );
    expect(folders.sort()).toEqual([...LANGS].sort());
  });

  it('names every file after a known namespace', () => {
    for (const ns of namespacesOnDisk) expect(NAMESPACES).toContain(ns);
  });

  it.each(LANGS)('%s: every file is flat, with non-empty texts', (lang) => {
    for (const [ns, content] of files.get(lang) ?? []) {
      expect(typeof content, `${lang}/${ns}`).toBe('object');
      expect(Array.isArray(content), `${lang}/${ns}`).toBe(false);
      for (const [key, value] of Object.entries(content)) {
        expect(key, `${lang}/${ns}: key`).toMatch(/^\S+$/);
        expect(typeof value, `${lang}/${ns}:${key}`).toBe('string');
        expect((value as string).trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
      }
    }
  });

  it.each(LANGS)('%s: every file is imported in index.ts', (lang) => {
    const onDisk = Object.fromEntries(files.get(lang) ?? []);
    expect(messages[lang]).toEqual(onDisk);
  });
});

describe('completeness', () => {
  it('en-gb has every namespace', () => {
    const reference = files.get(DEFAULT_LANG);
    for (const ns of namespacesOnDisk) expect(reference?.has(ns), `en-gb/${ns}.json`).toBe(true);
  });

  for (const lang of TRANSLATED) {
    const required = lang === 'it' ? IT_REQUIRED_NAMESPACES : NAMESPACES;
    for (const ns of namespacesOnDisk) {
      const reference = Object.keys(files.get(DEFAULT_LANG)?.get(ns) ?? {});
      const own = files.get(lang)?.get(ns);

      it(`${lang}/${ns}: no key that en-gb lacks`, () => {
        const extra = Object.keys(own ?? {}).filter((key) => !reference.includes(key));
        expect(extra).toEqual([]);
      });

      if (!required.includes(ns as Namespace)) continue;
      it(`${lang}/${ns}: every en-gb key`, () => {
        const missing = reference.filter((key) => !Object.hasOwn(own ?? {}, key));
        expect(missing).toEqual([]);
      });
    }
  }
});

describe('translations', () => {
  for (const lang of TRANSLATED) {
    for (const ns of namespacesOnDisk) {
      const reference = (files.get(DEFAULT_LANG)?.get(ns) ?? {}) as Record<string, string>;
      const own = (files.get(lang)?.get(ns) ?? {}) as Record<string, string>;
      const shared = Object.keys(own).filter((key) => Object.hasOwn(reference, key));

      it(`${lang}/${ns}: same placeholders as en-gb`, () => {
        const wrong = shared.filter(
          (key) =>
            placeholders(own[key] as string).join() !==
            placeholders(reference[key] as string).join(),
        );
        expect(wrong).toEqual([]);
      });

      it(`${lang}/${ns}: no English left`, () => {
        const allowed = [
          ...(SAME_AS_ENGLISH.all[ns as Namespace] ?? []),
          ...(SAME_AS_ENGLISH[lang][ns as Namespace] ?? []),
        ];
        const english = shared.filter(
          (key) =>
            own[key] === reference[key] && hasWords(own[key] as string) && !allowed.includes(key),
        );
        expect(english).toEqual([]);
      });
    }
  }

  it('lists only existing keys as allowed to equal English', () => {
    for (const [scope, byNs] of Object.entries(SAME_AS_ENGLISH)) {
      for (const [ns, keys] of Object.entries(byNs)) {
        const reference = files.get(DEFAULT_LANG)?.get(ns) ?? {};
        for (const key of keys ?? []) {
          expect(Object.hasOwn(reference, key), `${scope} ${ns}:${key}`).toBe(true);
        }
      }
    }
  });
});

describe('t', () => {
  const table: Messages = {
    'en-gb': { site: { hello: 'Hello {name}', bye: 'Bye {{name}}', only: 'English only' } },
    'de-ch': { site: { hello: 'Hallo {name}', bye: 'Tschüss {{name}}' } },
    'fr-ch': {},
    it: { site: { hello: 'Ciao {name}' } },
  };

  it.each([
    ['de-ch', 'hello', { name: 'Anna' }, 'Hallo Anna'],
    ['de-ch', 'bye', { name: 'Anna' }, 'Tschüss Anna'],
    ['de-ch', 'only', undefined, 'English only'],
    ['fr-ch', 'hello', { name: 'Luc' }, 'Hello Luc'],
    ['it', 'bye', { name: 'Gia' }, 'Bye Gia'],
    ['es', 'hello', { name: 'X' }, 'Hello X'],
    ['de-ch', 'missing.key', undefined, 'missing.key'],
    ['de-ch', 'constructor', undefined, 'constructor'],
    ['de-ch', 'hello', undefined, 'Hallo {name}'],
    ['de-ch', 'hello', { other: 1 }, 'Hallo {name}'],
  ] as const)('%s %s %j → %s', (lang, key, vars, expected) => {
    expect(translate(table, lang, 'site', key, vars)).toBe(expected);
  });

  it('interpolates repeated and numeric placeholders', () => {
    expect(interpolate('{n} of {total}, {n}!', { n: 3, total: 5 })).toBe('3 of 5, 3!');
    expect(interpolate('maximum of {0} characters', { 0: 40 })).toBe('maximum of 40 characters');
  });

  it('returns the text of the files for every key', () => {
    for (const [lang, byNs] of files) {
      for (const [ns, content] of byNs) {
        for (const [key, value] of Object.entries(content)) {
          expect(t(lang, ns as Namespace, key)).toBe(value);
        }
      }
    }
  });
});
