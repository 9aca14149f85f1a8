/**
 * Playwright's `test` with one more fixture: `user`, an account made once per worker through the
 * API (support/app.ts) for the specs that only need someone signed in. Account creation (a mail,
 * a registration, the plan bought with the sandbox card) is the dearest setup step of the suite;
 * a dozen specs need nothing of an account but that it exists.
 *
 * The contract, since the tests of one worker share it: `user` has the individual plan, no
 * business, no requests or uploads, English, and only the sessions tests open and close
 * themselves. A test that would change any of that (or revoke `user.token`) makes its own
 * account with createAccount instead.
 */
import { test as base } from '@playwright/test';
import { type Account, createAccount } from './app.ts';
import { E2E_BASE_URL } from './server-url.ts';

export const test = base.extend<Record<never, never>, { user: Account }>({
  user: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      const account = await createAccount(request, 'worker-user');
      await request.dispose();
      await use(account);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
