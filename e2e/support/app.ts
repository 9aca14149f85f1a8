/**
 * What the specs need from the running server besides the browser: fresh addresses, mails from
 * the development mailbox, accounts and businesses made through the public API, and the site's
 * texts from the locale files (so a reworded string does not break a spec, a missing one does).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { api } from '@signet/shared/api/api';
import { routeUrl } from '@signet/shared/api/route';
import { PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import { SESSION_COOKIE, SESSION_KEYS } from '@signet/shared/session/session.constants';
import type { TUserLang } from '@signet/shared/user/user.constants';

/** An API path of the typed view, e.g. `apiPath(api.getUser)` → `/api/v1/user`. */
export const apiPath = routeUrl;
export { api };

/** A strong password the server's check accepts (long, not common, no e-mail in it). */
export const STRONG_PASSWORD = 'Quiet-Harbour-Lantern-4821';

/** A fresh, unused address for one test (`tag` says which, for reading the mailbox by hand). */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * A client address of its own for one account made through the API (TEST-NET-2, RFC 5737):
 * the e2e server trusts one proxy hop, so each sign-up counts against its own per-IP limit.
 */
function freshClientIp(): string {
  return `198.51.100.${((randomBytes(1)[0] ?? 0) % 254) + 1}`;
}

type Mail = { to: string; subject: string | null; template: string; links: string[] };

/**
 * Waits for a mail to `to` with a link to `pathname` (the worker sends asynchronously; mails
 * are listed newest first) and returns that link.
 */
export async function mailLink(
  request: APIRequestContext,
  to: string,
  pathname: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        expect(res.ok()).toBe(true);
        found = ((await res.json()) as Mail[])
          .flatMap((m) => m.links)
          .find((link) => new URL(link).pathname === pathname);
        return found;
      },
      { message: `a mail to ${to} linking to ${pathname}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found as string;
}

/** A mail link as a path on the server under test (mail links carry PUBLIC_URL). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export type Account = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** A session token from the registration. */
  token: string;
};

/**
 * Registers a confirmed account through the API: request-confirmation, mail link, register. A
 * new account is on the new free plan, which uploads nothing; unless `plan: 'free'` the person
 * then buys the individual plan with the sandbox's success card ({@link buyIndividualPlan}).
 */
export async function createAccount(
  request: APIRequestContext,
  tag: string,
  names: {
    firstName?: string;
    lastName?: string;
    lang?: TUserLang;
    plan?: 'free' | 'individual';
    /** The sandbox card the individual plan is bought with (the success card unless named). */
    card?: string;
  } = {},
): Promise<Account> {
  const email = freshEmail(tag);
  const firstName = names.firstName ?? 'Erika';
  const lastName = names.lastName ?? 'Muster';
  const sent = await request.post(apiPath(api.requestConfirmation), {
    data: { email, lang: 'en' },
    headers: { 'x-forwarded-for': freshClientIp() },
  });
  expect(sent.status()).toBe(200);
  const link = new URL(await mailLink(request, email, '/signup/confirm'));
  const token = link.searchParams.get('token');
  expect(token).toBeTruthy();
  const res = await request.post(apiPath(api.register), {
    data: {
      firstName,
      lastName,
      password: STRONG_PASSWORD,
      token,
      gtc: true,
      lang: names.lang ?? 'en',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string };
  if (names.plan !== 'free') await buyIndividualPlan(request, body.token, names.card);
  return { email, password: STRONG_PASSWORD, firstName, lastName, token: body.token };
}

/** The individual plan the suites buy (seeded by the billing migration). */
export const INDIVIDUAL_PLAN = 'INDIVIDUAL_V1';

/**
 * Buys the individual plan through the API as the upgrade page does: the direct upgrade's setup
 * intent, the sandbox's success card (or `card`) on its card page, the confirm call with the
 * intent the page returns with.
 */
export async function buyIndividualPlan(
  request: APIRequestContext,
  token: string,
  card: string = PAYMENT_SANDBOX.cards.succeeds,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const intent = await request.post(apiPath(api.createDirectSetupIntent), {
    headers,
    data: { plan: INDIVIDUAL_PLAN, cycle: 'monthly', currency: 'EUR' },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { redirectUrl } = (await intent.json()) as { redirectUrl: string };
  const entered = await request.post(pathOf(redirectUrl), {
    form: { number: card },
    maxRedirects: 0,
  });
  expect(entered.status()).toBe(303);
  const back = new URL(entered.headers().location ?? '', 'http://localhost');
  const confirmed = await request.post(apiPath(api.confirmDirectUpgrade), {
    headers,
    data: { setupIntentId: back.searchParams.get(SETUP_INTENT_PARAM) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** `POST /v1/login`: the HTTP status and, on success, the token. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ status: number; token?: string }> {
  const res = await request.post(apiPath(api.login), { data: { email, password } });
  if (!res.ok()) return { status: res.status() };
  return { status: res.status(), token: ((await res.json()) as { token: string }).token };
}

/** `GET /v1/user` with a token: 200 while the session lives, 401 after. */
export async function userStatus(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(apiPath(api.getUser), {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status();
}

/** Creates a business with the account as its admin (`POST /v2/businesses`). */
export async function createBusiness(
  request: APIRequestContext,
  account: Account,
  name: string,
): Promise<{ id: string; name: string }> {
  const res = await request.post(apiPath(api.createBusiness), {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name, email: account.email },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/**
 * Starts the browser context signed in as another tab of the site would leave it: the token in
 * the session cookie (shared's session contract), which the site and the console pick up (no
 * login form).
 */
export async function signInWithCookie(
  context: BrowserContext,
  baseURL: string | undefined,
  token: string,
): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: encodeURIComponent(token),
      url: baseURL,
      sameSite: 'Strict',
    },
  ]);
}

/**
 * Waits until every island of the page has hydrated (Astro drops `ssr` then). Typing into a
 * server-rendered form before that is lost when React takes over the inputs.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Records every Content-Security-Policy violation of the page's documents (the listener is
 * installed by the browser driver, so the policy does not apply to it); the returned function
 * reads those of the current document.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript({
    content: `window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__csp.push(e.violatedDirective + ' ' + e.blockedURI);
      });`,
  });
  return () => page.evaluate(() => (globalThis as { __csp?: string[] }).__csp ?? []);
}

/**
 * Waits until `locator` is drawn at full opacity (itself and every element around it) and no
 * animation of its page runs: a dialog has faded in, so a screenshot shows it as a person sees it
 * once it settled, without guessing the length of the transition.
 */
export async function settled(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        // In the browser (the e2e project has no DOM types).
        type Node = { parentElement: Node | null };
        const { getComputedStyle, document } = globalThis as unknown as {
          getComputedStyle: (e: Node) => { opacity: string };
          document: { getAnimations: () => { playState: string }[] };
        };
        for (let e: Node | null = element as unknown as Node; e; e = e.parentElement) {
          if (getComputedStyle(e).opacity !== '1') return false;
        }
        return document.getAnimations().every((a) => a.playState !== 'running');
      }),
    )
    .toBe(true);
}

/** Opens a site page and waits for its islands. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** Signs in through the login form (the page must be on /login). */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await hydrated(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** The token this tab holds (sessionStorage), or null. */
export function tabToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
}

/** A path matcher for `toHaveURL` that ignores the query (`/dashboard` → `/dashboard?tab=…`). */
export function atPath(pathname: string): (url: URL) => boolean {
  return (url) => url.pathname === pathname;
}

type Namespace = 'account' | 'site' | 'admin' | 'errors';
const cache = new Map<string, Record<string, string>>();

/** A text of the product from `locales/<lang>/<namespace>.json`, with `{name}` filled in. */
export function text(
  key: string,
  vars: Record<string, string> = {},
  namespace: Namespace = 'account',
  lang: TLang = 'en-gb',
): string {
  const file = `${lang}/${namespace}`;
  let messages = cache.get(file);
  if (!messages) {
    const url = new URL(`../../locales/${file}.json`, import.meta.url);
    messages = JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
    cache.set(file, messages);
  }
  const message = messages[key];
  if (message === undefined) throw new Error(`No text ${key} in ${file}`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
