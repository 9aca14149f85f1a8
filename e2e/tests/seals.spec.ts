/**
 * Seals and signer groups as a business admin and its members handle them (issue 13): on
 * /business/seals the admin creates a seal and lets a member use it; the member seals a document
 * from the request page (Sign → "Sign as": the seal), and the downloaded PDF carries the seal's
 * certificate. On /business/members/signer-groups the admin creates a signer group, adds it to a
 * draft on the request page (the add-signer-group dialog) and sends the request to its members.
 * The API-user part of issue 13 is api-users.spec.ts.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  api,
  apiPath,
  atPath,
  createAccount,
  createBusiness,
  hydrated,
  text,
} from '../support/app.ts';
import {
  download,
  mailsTo,
  pdfImageCount,
  pdfSignatures,
  pdfText,
  personContext,
  rqText,
  sendAndOpen,
  signerStatus,
  writeTwoPagePdf,
} from '../support/requests.ts';

const t = (key: string, vars: Record<string, string> = {}) => text(key, vars, 'admin');
const save = () => text('ra.action.save', {}, 'admin');

/** Invites `person` into the business and accepts for them, through the API. */
async function join(
  request: APIRequestContext,
  businessId: string,
  admin: Account,
  person: Account,
): Promise<void> {
  const invited = await request.post(
    apiPath(api.inviteBusinessMembers, { params: { id: businessId } }),
    {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { users: [person.email] },
    },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post(apiPath(api.acceptUser), {
    headers: { authorization: `Bearer ${person.token}` },
    data: { business_invite: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** No sideways scrolling at a phone's width. */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(
    false,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin creates a seal and grants it to a member, who seals a document from the request page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const businessName = 'Müller Rechnungen AG';
  const [admin, member] = await Promise.all([
    createAccount(request, 'seal-admin', { firstName: 'Grzegorz' }),
    createAccount(request, 'seal-member', { firstName: 'Zofia', lastName: 'Wiśniewska' }),
  ]);
  const business = await createBusiness(request, admin, businessName);
  await join(request, business.id, admin, member);

  // The admin creates the seal "invoices" and lets the member use it.
  const adminContext = await personContext(browser, baseURL, admin.token);
  const page = await adminContext.newPage();
  await page.goto('/business/seals');
  await expect(page.getByText(t('seals.intro'))).toBeVisible();
  await page.getByRole('link', { name: t('seals.add') }).click();
  await expect(page).toHaveURL(atPath('/business/seals/create'));
  // An account name that is no path segment is refused on its field; nothing is created.
  await page.getByLabel(t('seals.account_name')).fill('Bad Name');
  await page.getByLabel(t('seals.display_name')).fill('Rechnungen');
  await page.getByRole('button', { name: save() }).click();
  await expect(page.getByText(t('seals.account_name_rule'))).toBeVisible();
  await page.getByLabel(t('seals.account_name')).fill('invoices');
  // The quality is asked once, advanced by default (a qualified seal needs the trust service).
  await expect(page.getByRole('radio', { name: t('seals.quality_seal.aes') })).toBeChecked();
  await expect(page.getByRole('radio', { name: t('seals.quality_seal.qes') })).not.toBeChecked();
  const members = page.getByRole('combobox', { name: t('seals.members') });
  await members.click();
  await members.fill(member.email.slice(0, 12));
  await page.getByRole('option', { name: member.email }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: save() }).click();

  // The seal's page: its certificate names the business; the member may use it.
  await expect(page).toHaveURL(atPath('/business/seals/invoices'), { timeout: 20_000 });
  await expect(page.getByTestId('seal-certificate')).toContainText(t('seals.quality_seal.aes'));
  await expect(page.getByTestId('seal-certificate')).toContainText('CN=Rechnungen');
  await expect(page.getByTestId('seal-certificate')).toContainText(`O=${businessName}`);
  await expect(page.getByRole('button', { name: member.email })).toBeVisible();
  // Its image: an SVG logo, kept as pixels and shown on the seal's page.
  await page.getByTestId('seal-image-file').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80"><rect width="200" height="80" rx="10" fill="#0a6"/><circle cx="40" cy="40" r="24" fill="#fff"/></svg>',
    ),
  });
  await expect(page.getByText(t('seals.image_saved'))).toBeVisible();
  const logo = page.getByRole('img', { name: t('seals.image_alt', { name: 'Rechnungen' }) });
  await expect(logo).toBeVisible();
  expect(
    await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(0);
  await fitsPhone(page);
  await page.goto('/business/seals');
  const row = page.getByRole('row', { name: /invoices/ });
  await expect(row).toContainText('Rechnungen');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await fitsPhone(page);

  // The member sends a document to themselves and seals it with "Rechnungen".
  const memberContext = await personContext(browser, baseURL, member.token);
  const memberPage = await memberContext.newPage();
  // Sent through the API (the request page is under test here, not the upload).
  await sendAndOpen(memberPage, request, member.token, [member.email], 'Rechnung 2026-001');
  await memberPage.getByRole('button', { name: rqText('action.sign'), exact: true }).click();
  const overlay = memberPage.getByTestId('signing-overlay');
  await expect(overlay.getByTestId('seal-choice')).toBeVisible();
  await overlay
    .getByRole('radio', { name: rqText('overlay.signing.withSeal', { seal: 'Rechnungen' }) })
    .check();
  await expect(overlay.getByText(rqText('overlay.signing.sealHint'))).toBeVisible();
  await overlay.getByRole('button', { name: rqText('overlay.signing.confirm') }).click();
  const success = memberPage.getByTestId('signing-success');
  await expect(success).toBeVisible({ timeout: 30_000 });
  await success.getByRole('button', { name: rqText('overlay.success.back') }).click();
  await expect(signerStatus(memberPage, member.email)).toHaveAttribute(
    'data-signer-status',
    'SIGNED',
  );

  // The signed PDF carries the seal's certificate and says on whose behalf.
  const signed = await download(
    memberPage,
    rqText('view.downloadSigned', { title: 'Rechnung 2026-001' }),
    'sealed.pdf',
  );
  const [seal] = pdfSignatures(signed);
  expect(seal?.valid, seal?.lines.join('\n')).toBe(true);
  expect(seal?.lines.join('\n')).toContain('CN=Rechnungen');
  expect(pdfText(signed)).toContain(`on behalf of ${businessName}`);
  expect(pdfImageCount(signed)).toBeGreaterThan(0);

  // The admin is no member of the seal: signing offers them no seal.
  await sendAndOpen(page, request, admin.token, [admin.email], 'Eigenes Dokument');
  await page.getByRole('button', { name: rqText('action.sign'), exact: true }).click();
  await expect(page.getByTestId('signing-overlay')).toBeVisible();
  await expect(page.getByTestId('seal-choice')).toHaveCount(0);
  await memberContext.close();
  await adminContext.close();
});

test('an admin creates a signer group and sends a request to it from the request page', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await createAccount(request, 'group-admin', { firstName: 'Dimitra' });
  await createBusiness(request, admin, 'Papadopoulos Freigaben GmbH');
  const approvers = [
    `anna.${Date.now().toString(36)}@example.ch`,
    `ben.${Date.now().toString(36)}@example.ch`,
  ];
  const context = await personContext(browser, baseURL, admin.token);
  const page = await context.newPage();

  // The create-signer-group overlay of the console.
  await page.goto('/business/members/signer-groups');
  await page.getByRole('link', { name: t('signer_groups.add') }).click();
  await page.getByLabel(t('signer_groups.name')).fill('Freigabe');
  await page.getByLabel(t('signer_groups.members')).fill(approvers.join('\n'));
  await page.getByRole('button', { name: save() }).click();
  await expect(page).toHaveURL(atPath('/business/members/signer-groups'));
  await expect(page.getByRole('row', { name: /Freigabe/ })).toContainText(approvers[0] as string);

  // A draft without signers; the group's members become its signers, in the group's order.
  const pdf = test.info().outputPath('contract.pdf');
  await writeTwoPagePdf(pdf, 'Rahmenvertrag');
  await page.goto('/upload');
  await hydrated(page);
  await page.getByLabel(rqText('upload.choose')).setInputFiles(pdf);
  await expect(page.getByTestId('upload-file')).toContainText(rqText('upload.done', { pages: 2 }), {
    timeout: 20_000,
  });
  await page.getByLabel(rqText('upload.title'), { exact: true }).fill('Rahmenvertrag');
  await page.getByRole('button', { name: rqText('upload.saveDraft') }).click();
  await expect(page).toHaveURL(/\/view\/[^/?#]+$/, { timeout: 20_000 });
  await hydrated(page);
  const view = page.locator('[data-request-id]');
  await expect(view).toHaveAttribute('data-status', 'DRAFT');

  await page.getByRole('button', { name: rqText('action.addSignerGroup') }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('radio', {
      name: rqText('dialog.addSignerGroup.option', { name: 'Freigabe', count: 2 }),
    })
    .check();
  await dialog.getByRole('button', { name: rqText('dialog.addSignerGroup.confirm') }).click();
  await expect(dialog).toHaveCount(0);
  for (const email of approvers)
    await expect(page.locator(`[data-signer="${email}"]`)).toBeVisible();

  await page.getByRole('button', { name: rqText('action.send'), exact: true }).click();
  await expect(view).toHaveAttribute('data-status', 'OPEN');
  // The first of the group is invited (in order, or everyone at once).
  await expect
    .poll(async () => (await mailsTo(request, approvers[0] as string)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await context.close();
});
