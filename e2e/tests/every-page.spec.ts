/**
 * Every page of the site, signed out and signed in, in English, German and French, on a phone
 * (390×844) and a desktop (1280×800): nothing scrolls sideways and axe-core finds no serious or
 * critical WCAG 2.x A/AA violation. One list of pages, walked once per language and width (a test
 * each). The direct signer's pages have their own walk in direct-sign.spec.ts (they take Italian
 * too).
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { LANG_COOKIE } from '@signet/shared/i18n/lang.constants';
import { createAccount, hydrated, signInWithCookie } from '../support/app.ts';
import { seriousViolations, WCAG_AA } from '../support/axe.ts';
import { firstPageShown, sendRequest, twoPagePdf } from '../support/requests.ts';

const LANGS = ['en', 'de', 'fr'] as const;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Pages for signed-out visitors (a status page of a flow counts as a page). */
const SIGNED_OUT = [
  '/login',
  '/signup',
  '/signup/mail-sent?email=a.very.long.address.for.testing%40subdomain.example-company.com',
  '/password-reset',
  '/password-reset/mail-sent?email=a.very.long.address.for.testing%40subdomain.example-company.com',
  '/verify',
  '/expired',
  '/declined',
  '/not-available',
  '/bye',
  '/no-such-page',
];

/** Pages for a signed-in user; `{request}` is a request they sent. */
const SIGNED_IN = [
  '/dashboard',
  '/upload',
  '/upgrade',
  '/view/{request}',
  '/profile',
  '/profile/settings',
  '/profile/change-password',
  '/welcome',
  '/no-such-page',
];

async function check(page: Page, path: string, where: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  if (path.startsWith('/view/')) await firstPageShown(page);
  const sideways = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  expect
    .soft(sideways, `${where}: ${path} scrolls sideways by ${sideways} px`)
    .toBeLessThanOrEqual(0);
  expect.soft(await seriousViolations(page, WCAG_AA), `${where}: ${path}`).toEqual([]);
}

async function withLang(context: BrowserContext, baseURL: string | undefined, lang: string) {
  await context.addCookies([{ name: LANG_COOKIE, value: lang, url: baseURL as string }]);
}

// One test per language and width, so the two workers share the walk.
for (const lang of LANGS) {
  for (const size of SIZES) {
    const where = `${lang} at ${size.width} px`;
    test(`every page fits and passes axe, signed out and signed in (${where})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      // A signed-in user's pages speak the language of their account. The request they sent is
      // made through the API (its page is under test here, not the upload), while the browser
      // walks the signed-out pages.
      const setup = (async () => {
        const account = await createAccount(request, `every-page-${lang}`, {
          firstName: 'Małgorzata',
          lastName: 'Brzęczyszczykiewicz-Papadopoulou',
          lang,
        });
        const { id } = await sendRequest(
          request,
          account.token,
          await twoPagePdf('Mietvertrag'),
          [{ email: 'a.very.long.address.for.testing@subdomain.example-company.com' }],
          'Mietvertrag für die Wohnung im dritten Obergeschoss links, Zürich',
          { message: 'Bitte bis Ende Monat unterschreiben.' },
        );
        return { account, id };
      })();
      // Awaited below; a walk that fails first must not leave it rejected unobserved.
      setup.catch(() => undefined);
      const out = await browser.newContext({ baseURL, viewport: size });
      await withLang(out, baseURL, lang);
      const outPage = await out.newPage();
      for (const path of SIGNED_OUT) await check(outPage, path, `${where}, signed out`);
      await out.close();

      const { account, id } = await setup;
      const signedIn = await browser.newContext({ baseURL, viewport: size });
      await withLang(signedIn, baseURL, lang);
      await signInWithCookie(signedIn, baseURL, account.token);
      const inPage = await signedIn.newPage();
      for (const path of SIGNED_IN) {
        await check(inPage, path.replace('{request}', id), `${where}, signed in`);
      }
      await signedIn.close();
    });
  }
}
