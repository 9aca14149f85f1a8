import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the stand-in received. */
export type TStandInCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
};
export type TStandInAnswer = { status: number; body: unknown };

/** The keys a test app talks to the stand-in with. */
export const STAND_IN_KEYS = { secretKey: 'sk_test_standin', webhookSecret: 'whsec_standin' };

/** A test app's environment for the Stripe adapter against the stand-in at `url`. */
export function standInEnv(url: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
    STRIPE_API_BASE: url,
  };
}

/**
 * A local stand-in for Stripe's API (a sandbox of an outside service, for tests): a node:http
 * server on 127.0.0.1 that the `stripe` package reaches through its host/port/protocol options
 * (STRIPE_API_BASE = `url`). It answers by "METHOD /path" from `answers` (a function answers by
 * what was sent; anything else is Stripe's 404) and records every call in `sent`. Like Stripe, a
 * POST whose `Idempotency-Key` was seen before gets the first answer again without being answered
 * anew (`replayed` counts those).
 */
export async function startStripeStandIn() {
  const standIn = {
    url: '',
    sent: [] as TStandInCall[],
    answers: {} as Record<string, TStandInAnswer | ((req: TStandInCall) => TStandInAnswer)>,
    replayed: 0,
    /** Forgets what was sent, answered and seen (before each test). */
    reset() {
      standIn.sent = [];
      standIn.answers = {};
      standIn.replayed = 0;
      byKey.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const byKey = new Map<string, TStandInAnswer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const call: TStandInCall = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        headers: req.headers,
      };
      standIn.sent.push(call);
      const key = call.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const seen = typeof key === 'string' ? byKey.get(key) : undefined;
      if (seen) standIn.replayed += 1;
      const answer = standIn.answers[`${call.method} ${call.path}`];
      const { status, body } =
        seen ??
        (typeof answer === 'function'
          ? answer(call)
          : (answer ?? {
              status: 404,
              body: {
                error: {
                  type: 'invalid_request_error',
                  code: 'resource_missing',
                  message: `No such route: ${call.path}`,
                },
              },
            }));
      if (typeof key === 'string' && !seen) byKey.set(key, { status, body });
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': 'req_standin',
        ...(seen ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
