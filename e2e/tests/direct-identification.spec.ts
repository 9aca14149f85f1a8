/**
 * A direct signer whose slot asks for QES (ZertES): the signing page offers "upgrade standards"
 * instead of signing; the signer identifies on the direct-sign identification page through the
 * sandbox, comes back to the link and signs with a code — and pdfsig shows the signer's own
 * certificate (the verified name), valid.
 */

import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { hydrated, watchCsp } from '../support/app.ts';
import { askForCode, codeFrom, dx, enterCode, openLink, sendDirect } from '../support/direct.ts';
import { pdfSignatures, personContext } from '../support/requests.ts';
import { downloadPdf, identifyInSandbox, trustText } from '../support/trust.ts';

const VERIFIED = {
  givenName: 'Giulia Maria',
  surname: 'Rossi-Ñúñez',
  birthDate: '1991-07-14',
  nationality: 'IT',
};

test('a direct signer asked for QES identifies in the sandbox and signs with their own certificate', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Employment contract ${Date.now().toString(36)}`;
  const created = await sendDirect(request, {
    lang: 'en',
    title,
    exit: {},
    standard: { signature_level: 'QES', legislation: 'ZERTES' },
  });
  const context = await personContext(browser, baseURL);
  const page = await context.newPage();
  const violations = await watchCsp(page);
  await openLink(page, created.url);

  // Not the generic refusal: what the document asks, and the way to identify.
  const quality = trustText('choice.quality.QES');
  await expect(page.getByTestId('direct-upgrade')).toContainText(
    dx('view.identifyFirst', 'en-gb', { quality }),
  );
  await page.getByRole('button', { name: dx('action.sign'), exact: true }).click();
  const upgrade = page.locator('[data-dialog="document/upgrade-standards"]');
  await expect(upgrade).toContainText(
    trustText('upgrade.body', { quality, legislation: trustText('choice.legislation.ZERTES') }),
  );
  await upgrade.getByRole('button', { name: trustText('upgrade.identify') }).click();
  await expect(page).toHaveURL((u) =>
    u.pathname.startsWith(`/direct-sign/identification/${created.id}/`),
  );
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    trustText('directIdent.heading'),
  );
  await expect(page.getByRole('note')).toHaveText(trustText('page.testSystem'));
  // For QES under ZertES only the qualified provider's method (video) is offered.
  await expect(page.getByRole('button', { name: trustText('identify.start') })).toHaveCount(1);

  await identifyInSandbox(page, page.url(), VERIFIED, 'pass');
  const done = page.getByTestId('direct-ident-done');
  await expect(done).toContainText(trustText('directIdent.ready'), { timeout: 20_000 });
  await done.getByRole('link', { name: trustText('identify.backToRequest') }).click();
  await expect(page).toHaveURL((u) => u.pathname.startsWith(`/view/${created.id}/`));
  await hydrated(page);
  await expect(page.getByTestId('direct-upgrade')).toHaveCount(0);

  // Signing as any direct signer does: the code by e-mail, then the signature.
  // The name the overlay proposes is the verified one now.
  await askForCode(page, 'en-gb', `${VERIFIED.givenName} ${VERIFIED.surname}`);
  await enterCode(page, 'en-gb', await codeFrom(request, created.signer));
  await expect(page).toHaveURL((u) => u.pathname === '/signed', { timeout: 30_000 });
  expect(await violations(), 'CSP violations').toEqual([]);
  await context.close();

  const status = await request.get(`/api/v3/signature-requests/${created.id}`, {
    headers: { authorization: `Bearer ${created.owner.token}` },
  });
  const body = (await status.json()) as {
    status_overall: string;
    documents: { id: string }[];
    signatures: { signed_quality: string | null }[];
  };
  expect(body.status_overall).toBe('SIGNED');
  expect(body.signatures[0]?.signed_quality).toBe('DEMO');
  const signed = test.info().outputPath('signed.pdf');
  writeFileSync(
    signed,
    await downloadPdf(request, created.owner.token, body.documents[0]?.id as string),
  );
  const signatures = pdfSignatures(signed);
  expect(signatures[0]?.valid).toBe(true);
  expect(signatures[0]?.lines.join('\n')).toContain(
    'Signer Certificate Common Name: Giulia Maria Rossi-Ñúñez',
  );
});
