import { hydrated, signInWithCookie, text, watchCsp } from '../support/app.ts';
import { expect, test } from '../support/fixtures.ts';
import { rqText } from '../support/requests.ts';

/**
 * In a real browser: a signed-in page cannot be framed by another origin (clickjacking on Sign
 * or Decline), and the Content-Security-Policy blocks nothing the product itself needs.
 */

test('another origin cannot frame /dashboard, signed in or not', async ({
  page,
  user,
  context,
  baseURL,
}) => {
  await signInWithCookie(context, baseURL, user.token);
  const target = new URL('/dashboard', baseURL).href;
  // about:blank with an iframe: any origin but the server's own.
  const loaded = page.waitForResponse((r) => r.url() === target);
  await page.setContent(
    `<h1>attacker</h1><iframe id="victim" src="${target}" width="800" height="600"></iframe>`,
  );
  // The server answered the frame's request, with the policy that forbids framing …
  const answer = await loaded;
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // … so the browser shows its error page in the frame, never the dashboard.
  await expect
    .poll(() =>
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url(),
    )
    .toMatch(/^chrome-error:/);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(await frame?.locator('.skip-link, astro-island, [data-testid]').count()).toBe(0);
});

test('pages run under the policy without a violation', async ({ page, user, context, baseURL }) => {
  // Eight pages and the API reference (a large script) on a shared machine.
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  for (const path of ['/login', '/signup', '/password-reset']) {
    await page.goto(path);
    await hydrated(page);
    expect(await violations(), path).toEqual([]);
  }
  await signInWithCookie(context, baseURL, user.token);
  // Each page once it shows what it loads (its islands, then the content they fetch), not once
  // the network has been quiet for a while: that waited up to two minutes on a loaded machine.
  const shown: [string, () => Promise<void>][] = [
    ['/dashboard', () => expect(page.getByTestId('dashboard-empty')).toBeVisible()],
    ['/upload', () => expect(page.getByLabel(rqText('upload.choose'))).toBeAttached()],
    ['/profile', () => expect(page.locator('h1').first()).toBeVisible()],
    [
      '/business/',
      () =>
        expect(
          page.getByRole('heading', { name: text('register.title', {}, 'admin') }),
        ).toBeVisible(),
    ],
  ];
  for (const [path, loaded] of shown) {
    await page.goto(path);
    if (!path.startsWith('/business')) await hydrated(page);
    await loaded();
    expect(await violations(), path).toEqual([]);
  }
  await page.goto('/api/docs');
  await expect(page.locator('#app')).not.toBeEmpty({ timeout: 15_000 });
  expect(await violations(), '/api/docs').toEqual([]);
});
