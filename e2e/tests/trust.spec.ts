/**
 * Identification, qualified signatures and visual signatures, as people go through them: a
 * sandbox identification that passes (QES, DEMO) and one that fails; a request asking for QES
 * signed with the TAN from the mail, marked "Test System", with the signer's own certificate; a
 * visual signature drawn on the pad, placed on page 2 by dragging, signed — and the page shows
 * the stamp where it was placed, over blank paper, with the name as written.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createAccount, hydrated, open, signInWithCookie } from '../support/app.ts';
import { pdfSignatures, renderedMail, rqText } from '../support/requests.ts';
import {
  downloadPdf,
  identifyInSandbox,
  inkIn,
  pageGrey,
  sendRequest,
  tanFromMail,
  trustText,
  wordBoxes,
} from '../support/trust.ts';

const LUKASZ = {
  givenName: 'Łukasz',
  surname: 'Żółć-Ελένη',
  birthDate: '1988-02-29',
  nationality: 'PL',
};

/** Two A4 pages with a line of text at the top of each. */
async function twoPages(title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    pdf
      .addPage([595.28, 841.89])
      .drawText(`${title} – page ${n} of 2`, { x: 72, y: 760, size: 16, font });
  }
  return pdf.save();
}

test('identification in the sandbox: a pass activates QES (demo), a failure raises nothing', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [passing, failing] = await Promise.all([
    createAccount(request, 'ident-pass'),
    createAccount(request, 'ident-fail'),
  ]);
  await signInWithCookie(context, baseURL, passing.token);
  await identifyInSandbox(page, '/profile/signature-standards/zertes/video', LUKASZ, 'pass');
  await expect(page.getByTestId('ident-status')).toContainText(
    trustText('ident.state.activatingQES', { provider: trustText('ident.provider.srs') }),
    { timeout: 20_000 },
  );
  await open(page, '/profile/signature-standards');
  await expect(page.getByTestId('highest-quality')).toHaveText(trustText('standards.level.demo'));
  await expect(page.getByTestId('quality-qesZertes')).toHaveText(trustText('standards.activeDemo'));
  await expect(page.getByText(trustText('page.testSystem'))).toBeVisible();

  await context.clearCookies();
  await signInWithCookie(context, baseURL, failing.token);
  await page.evaluate(() => sessionStorage.clear());
  await identifyInSandbox(page, '/profile/signature-standards/eidas/video', LUKASZ, 'fail');
  await open(page, '/profile/signature-standards');
  await expect(page.getByTestId('ident-status')).toContainText(
    trustText('ident.state.failure', { provider: trustText('ident.provider.srs') }),
  );
  await expect(page.getByTestId('highest-quality')).toHaveText(trustText('standards.level.ses'));
  await expect(page.getByTestId('quality-qesEidas')).toHaveText(trustText('standards.inactive'));
});

test('a mobile number confirmed with the code from the SMS activates AES minimal', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const person = await createAccount(request, 'mobile');
  await signInWithCookie(context, baseURL, person.token);
  await open(page, '/profile/signature-standards/mobile-id');
  await expect(page.getByTestId('mobile-status')).toHaveText(trustText('mobile.notVerified'));
  // A number of its own per run (the sandbox gateway delivers to the dev mailbox by number).
  const mobile = `+4179${String(Date.now()).slice(-7)}`;
  await page.getByLabel(trustText('mobile.enter')).fill(mobile);
  await page.getByRole('button', { name: trustText('mobile.send') }).click();
  const sms = await renderedMail(request, mobile, 'mobile-code');
  const code = /^(\d{6}) /.exec(sms.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel(trustText('mobile.code')).fill(code);
  await page.getByRole('button', { name: trustText('mobile.confirm') }).click();
  await expect(page.getByTestId('mobile-status')).toHaveText(trustText('mobile.verified'));
  await expect(page.getByText(mobile)).toBeVisible();
  await open(page, '/profile/signature-standards');
  await expect(page.getByTestId('quality-aesMinimalEidas')).toHaveText(
    trustText('standards.active'),
  );
});

test('a request asking for QES: the signer confirms with the TAN from the mail and signs with their own (demo) certificate', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, signer] = await Promise.all([
    createAccount(request, 'qes-owner'),
    createAccount(request, 'qes-signer'),
  ]);
  await signInWithCookie(context, baseURL, signer.token);
  await identifyInSandbox(page, '/profile/signature-standards/zertes/video', LUKASZ, 'pass');
  await expect(page.getByTestId('ident-status')).toContainText(
    trustText('ident.state.activatingQES', { provider: trustText('ident.provider.srs') }),
    { timeout: 20_000 },
  );
  const { id, documentId } = await sendRequest(
    request,
    owner.token,
    await twoPages('Arbeitsvertrag'),
    [{ email: signer.email, signature_level: 'QES', legislation: 'ZERTES' }],
    'Arbeitsvertrag',
  );
  await open(page, `/view/${id}`);
  await page.getByRole('button', { name: rqText('action.sign'), exact: true }).click();
  await page
    .getByTestId('signing-overlay')
    .getByRole('button', { name: rqText('overlay.signing.confirm') })
    .click();
  const tanDialog = page.getByRole('dialog', { name: trustText('tan.title') });
  await expect(tanDialog).toBeVisible({ timeout: 20_000 });
  await expect(tanDialog.getByTestId('tan-test-system')).toHaveText(trustText('tan.testSystem'));
  await tanDialog.getByLabel(trustText('tan.label')).fill(await tanFromMail(request, signer.email));
  await tanDialog.getByRole('button', { name: trustText('tan.confirm') }).click();
  await expect(page.getByTestId('signing-success')).toBeVisible({ timeout: 30_000 });

  const path = test.info().outputPath('qes.pdf');
  writeFileSync(path, await downloadPdf(request, owner.token, documentId));
  const [signature] = pdfSignatures(path);
  expect(signature?.valid).toBe(true);
  expect(signature?.lines).toContain('- Signer Certificate Common Name: Łukasz Żółć-Ελένη');
});

test('a visual signature drawn on the pad, placed on page 2 by dragging: the stamp is where it was placed, over blank paper, with the name as written', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [owner, signer] = await Promise.all([
    createAccount(request, 'visual-owner'),
    createAccount(request, 'visual-signer', { firstName: 'Łukasz', lastName: 'Żółć-Ελένη' }),
  ]);
  await signInWithCookie(context, baseURL, signer.token);

  await open(page, '/profile/visual-signature');
  await page.getByTestId('visual-create').click();
  const edit = page.getByTestId('edit-signature');
  await edit.getByLabel(trustText('visual.field.optionalLine')).fill('Müller AG');
  await edit.getByLabel(trustText('visual.imageKind.draw')).check();
  const pad = edit.getByTestId('signature-pad');
  const area = await pad.boundingBox();
  if (!area) throw new Error('no pad');
  await page.mouse.move(area.x + 20, area.y + area.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(
      area.x + 20 + (i * (area.width - 40)) / 20,
      area.y + area.height * (0.7 - 0.4 * Math.sin(i / 3)),
    );
  }
  await page.mouse.up();
  await edit.getByRole('button', { name: trustText('visual.save') }).click();
  await expect(edit).toHaveCount(0, { timeout: 20_000 });
  const card = page.getByTestId('visual-signature');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img')).toBeVisible();

  const original = await twoPages('Mietvertrag');
  const { id, documentId } = await sendRequest(
    request,
    owner.token,
    original,
    [{ email: signer.email }],
    'Mietvertrag',
  );
  await open(page, `/view/${id}`);
  await page.getByRole('button', { name: rqText('action.sign'), exact: true }).click();
  await page.getByTestId('place-own-signature').click();
  const place = page.getByTestId('place-signature');
  const box = place.getByTestId('signature-box');
  await expect(box).toBeVisible({ timeout: 20_000 });
  // Drag the box from the bottom right towards the middle of page 2.
  await box.scrollIntoViewIfNeeded();
  const from = await box.boundingBox();
  if (!from) throw new Error('no box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 120, from.y + from.height / 2 - 260, {
    steps: 12,
  });
  await page.mouse.up();
  const placed = {
    x: Number(await box.getAttribute('data-x')),
    y: Number(await box.getAttribute('data-y')),
    width: 300,
    height: 140,
  };
  expect(placed.y).toBeLessThan(600);
  await place.getByTestId('place-confirm').click();
  const overlay = page.getByTestId('signing-overlay');
  await expect(overlay.getByText(trustText('place.placed'))).toBeVisible();
  await overlay.getByRole('button', { name: rqText('overlay.signing.confirm') }).click();
  await expect(page.getByTestId('signing-success')).toBeVisible({ timeout: 30_000 });

  const before = test.info().outputPath('original.pdf');
  writeFileSync(before, original);
  const after = test.info().outputPath('signed.pdf');
  writeFileSync(after, await downloadPdf(request, owner.token, documentId));
  // The signature, then the document time stamp of the completed request (which poppler 22
  // does not check).
  expect(pdfSignatures(after)[0]?.valid).toBe(true);
  // The stamp is drawn where it was placed, and there was nothing under it.
  const inside = (w: { x1: number; y1: number; x2: number; y2: number }) =>
    w.x1 >= placed.x - 1 &&
    w.x2 <= placed.x + placed.width + 1 &&
    w.y1 >= placed.y - 1 &&
    w.y2 <= placed.y + placed.height + 1;
  const stampWords = wordBoxes(after, 2)
    .filter(inside)
    .map((w) => w.text)
    .join(' ');
  expect(stampWords).toContain('Łukasz');
  expect(stampWords).toContain('Żółć-Ελένη');
  expect(stampWords).toContain('Müller');
  expect(wordBoxes(before, 2).filter(inside)).toEqual([]);
  expect(inkIn(pageGrey(before, 2), placed)).toBe(0);
  expect(inkIn(pageGrey(after, 2), placed)).toBeGreaterThan(0.01);
  // Outside the box, page 2 looks as it did.
  expect(inkIn(pageGrey(after, 2), { x: 60, y: 60, width: 400, height: 30 })).toBeCloseTo(
    inkIn(pageGrey(before, 2), { x: 60, y: 60, width: 400, height: 30 }),
    3,
  );
  await hydrated(page);
});
