import {
  MOBILE_ERRORS,
  type TMobileConfirmation,
  type TUser,
} from '@signet/shared/user/user.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileConfirmations } from '../../db/schema/mobile-confirmations.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { signUp } from '../auth/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const START = '/api/v1/user/mobile/confirmation';
const CONFIRM = '/api/v1/user/mobile/confirmation/code';

/** The code of the last SMS to `mobile` (the sandbox gateway, seen in the dev mailbox). */
async function codeSentTo(mobile: string): Promise<string> {
  const sms = await t.mailbox.last(mobile);
  expect(sms?.status).toBe('sent');
  const code = /^(\d{6}) /.exec(sms?.text ?? '')?.[1];
  expect(code, sms?.text ?? 'no SMS').toBeDefined();
  return code as string;
}

/** A code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /v1/user/mobile/confirmation[/code]', () => {
  it("confirms a number with the code from the SMS: it becomes the account's and AES minimal is active", async () => {
    const { token } = await signUp(t);
    const mobile = '+41791234567';
    const started = await t.request<TMobileConfirmation>('POST', START, {
      token,
      body: { mobile },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.sentTo).toBe('•••• 67');
    const code = await codeSentTo(mobile);
    const sms = await t.mailbox.last(mobile);
    expect(sms?.text).toContain('Mobilnummer');
    // Nothing changes before the code is confirmed.
    const before = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(before.body.attributes.mobileVerified).toBe(false);
    expect(before.body.signatureQualities.aesMinimal.eidas).toBeNull();

    const wrong = await t.request<{ code: string; details: { attemptsLeft: number } }>(
      'POST',
      CONFIRM,
      { token, body: { code: other(code) } },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe(MOBILE_ERRORS.codeInvalid);
    expect(wrong.body.details.attemptsLeft).toBe(2);

    const confirmed = await t.request<TUser>('POST', CONFIRM, { token, body: { code } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.attributes).toMatchObject({ mobile, mobileVerified: true });
    expect(confirmed.body.signatureQualities.aesMinimal.eidas?.quality).toBe('AES_MINIMAL');
    expect(confirmed.body.signatureQualities.aesMinimal.zertes?.legislation).toBe('ZERTES');
    // Used: the same code again finds no confirmation.
    const again = await t.request<{ code: string }>('POST', CONFIRM, { token, body: { code } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(MOBILE_ERRORS.noConfirmation);

    // Another number through PUT /v1/user is not confirmed: AES minimal is gone with it.
    const changed = await t.request<TUser>('PUT', '/api/v1/user', {
      token,
      body: { attributes: { mobile: '+41797654321' } },
    });
    expect(changed.body.attributes.mobileVerified).toBe(false);
    expect(changed.body.signatureQualities.aesMinimal.eidas).toBeNull();
  });

  it('ends after three wrong codes and after expiry; nothing is confirmed', async () => {
    const { token, user } = await signUp(t);
    const mobile = '+41781112233';
    await t.request('POST', START, { token, body: { mobile } });
    const code = await codeSentTo(mobile);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.request<{ code: string }>('POST', CONFIRM, {
        token,
        body: { code: other(code) },
      });
      codes.push(res.body.code);
    }
    expect(codes).toEqual([
      MOBILE_ERRORS.codeInvalid,
      MOBILE_ERRORS.codeInvalid,
      MOBILE_ERRORS.codeExpired,
    ]);
    // The right code no longer works either.
    expect((await t.request('POST', CONFIRM, { token, body: { code } })).status).toBe(409);

    await t.request('POST', START, { token, body: { mobile } });
    const fresh = await codeSentTo(mobile);
    await t.db
      .update(mobileConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mobileConfirmations.userId, user.id));
    const late = await t.request<{ code: string }>('POST', CONFIRM, {
      token,
      body: { code: fresh },
    });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe(MOBILE_ERRORS.codeExpired);
    const me = await t.request<TUser>('GET', '/api/v1/user', { token });
    expect(me.body.attributes.mobileVerified).toBe(false);
  });

  it('refuses a malformed number or code with 400 and limits the codes sent', async () => {
    const { token } = await signUp(t);
    expect((await t.request('POST', START, { token, body: { mobile: 'call me' } })).status).toBe(
      400,
    );
    expect((await t.request('POST', CONFIRM, { token, body: { code: '12ab56' } })).status).toBe(
      400,
    );
    expect((await t.request('POST', START, { body: { mobile: '+41791234567' } })).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.request('POST', START, { token, body: { mobile: '+41795550001' } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
