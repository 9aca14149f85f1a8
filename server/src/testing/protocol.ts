import type { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';

/** How long a test waits for a protocol that is still being built (a loaded machine is slow). */
const PROTOCOL_CEILING_MS = 30_000;

/**
 * `GET …/report?type=pdf` as `token`, asked again while it answers 503 PROTOCOL_PENDING (the
 * protocol is built right after the last signature; the server waits 2 s for it, then says so
 * with Retry-After), as a client would. Any other answer is returned as it is.
 */
export async function protocolResponse(
  app: Hono<AppEnv>,
  requestId: string,
  token: string,
): Promise<Response> {
  const deadline = Date.now() + PROTOCOL_CEILING_MS;
  for (;;) {
    const res = await app.request(`/api/v3/signature-requests/${requestId}/report?type=pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (res.status !== 503 || Date.now() > deadline) return res;
    const retryAfter = Number(res.headers.get('retry-after') ?? 1);
    await res.body?.cancel();
    await new Promise((r) => setTimeout(r, Math.min(retryAfter, 2) * 1000));
  }
}
