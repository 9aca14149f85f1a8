/**
 * API users as a business admin handles them (issue 13): on /business/developers/api create one,
 * see its key once with a curl call for this server, use the key from outside, reset it (the old
 * key stops at once), delete the user; the page fits a phone.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api, apiPath, atPath, createAccount, createBusiness, text } from '../support/app.ts';
import { personContext } from '../support/requests.ts';

/** `GET` the request list with an API user's Basic credentials: the HTTP status. */
async function listWith(request: APIRequestContext, username: string, key: string) {
  const res = await request.get(apiPath(api.listSignatureRequests), {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}` },
  });
  return res.status();
}

test('an admin creates an API user, sees the key once, resets it and deletes the user', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const t = (key: string) => text(key, {}, 'admin');
  const admin = await createAccount(request, 'api-admin', { firstName: 'Grzegorz' });
  await createBusiness(request, admin, 'Żabka Rechnungen AG');
  const context = await personContext(browser, baseURL, admin.token);
  const page = await context.newPage();

  await page.goto('/business/developers/api');
  await expect(page.getByRole('link', { name: t('api_users.reference') })).toBeVisible();
  await expect(page.getByTestId('api-curl')).toContainText('USERNAME:API_KEY');

  await page.getByRole('link', { name: t('api_users.add') }).click();
  await expect(page).toHaveURL(atPath('/business/developers/api/create'));
  await page.getByLabel(t('api_users.name')).fill('ERP Rechnungen');
  await page.getByRole('button', { name: text('ra.action.save', {}, 'admin') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(t('api_users.key_once'))).toBeVisible();
  const username = (await dialog.getByTestId('api-username').textContent()) ?? '';
  const key = (await dialog.getByTestId('api-key').textContent()) ?? '';
  expect(username).toMatch(/^api_erp_rechnungen_[0-9a-f]{8}$/);
  await expect(dialog.getByTestId('api-curl')).toContainText(`${username}:${key}`);
  await expect(dialog.getByTestId('api-curl')).toContainText(`${baseURL}/api/`);
  expect(await listWith(request, username, key)).toBe(200);
  await dialog.getByRole('button', { name: t('api_users.key_done') }).click();

  // The list shows the user and its last use, never the key.
  await expect(page).toHaveURL(atPath('/business/developers/api'));
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(row.getByText(t('api_users.never_used'))).toHaveCount(0);

  // Reset: the old key answers 401 at once, the new one works.
  await row.getByRole('button', { name: t('api_users.reset') }).click();
  await page.getByRole('button', { name: text('ra.action.confirm', {}, 'admin') }).click();
  const resetDialog = page.getByRole('dialog');
  await expect(resetDialog.getByTestId('api-key')).toBeVisible();
  const newKey = (await resetDialog.getByTestId('api-key').textContent()) ?? '';
  expect(newKey).not.toBe(key);
  expect(await listWith(request, username, key)).toBe(401);
  expect(await listWith(request, username, newKey)).toBe(200);
  await resetDialog.getByRole('button', { name: t('api_users.key_done') }).click();

  // On a phone the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(
    false,
  );
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete: the key stops working.
  await page
    .getByRole('row', { name: new RegExp(username) })
    .getByRole('button', { name: text('ra.action.delete', {}, 'admin') })
    .click();
  await page.getByRole('button', { name: text('ra.action.confirm', {}, 'admin') }).click();
  await expect(page.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);
  expect(await listWith(request, username, newKey)).toBe(401);

  // The activity log names what happened, with each API call.
  await page.goto('/business/activity');
  await page.getByRole('tab', { name: t('activity.accounts') }).click();
  await expect(page.getByText(t('activity.type_api_user_key_reset')).first()).toBeVisible();
  await expect(page.getByText(t('activity.type_api_call')).first()).toBeVisible();
  await context.close();
});
