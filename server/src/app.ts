import { routes } from '@signet/shared';
import { BILLING_CLOCK_PATH, PAYMENT_SANDBOX } from '@signet/shared/billing/billing.constants';
import { PLAN_SANDBOX_PATH } from '@signet/shared/plan/plan.constants';
import { REQUEST_CLOCK_PATH } from '@signet/shared/signature-request/signature-request.constants';
import { Hono } from 'hono';
import { cachedAsset } from './http/cached-asset.ts';
import { compressAnswers } from './http/compress-answer.ts';
import { apiNotFound, errorHandler } from './http/errors.ts';
import { buildOpenApi } from './http/openapi.ts';
import { DB_FREE_PATHS } from './http/register.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { AppDeps, AppEnv } from './http/types.ts';
import { IDENT_SANDBOX_PATH } from './providers/identification/sandbox.ts';
import { MAB_SANDBOX_PATH } from './providers/mab/sandbox.ts';
import { mabProviderFor } from './routes/direct-sign/index.ts';
import { authenticate as defaultAuthenticate, routeModules } from './routes/index.ts';
import { pkiRoutes } from './routes/pki/index.ts';
import { billingClockRoutes } from './routes/sandbox/billing-clock.ts';
import { sandboxDnsRoutes } from './routes/sandbox/dns.ts';
import { identSandboxRoutes } from './routes/sandbox/identification.ts';
import { mabSandboxRoutes } from './routes/sandbox/mab.ts';
import { paymentSandboxRoutes } from './routes/sandbox/payments.ts';
import { planClockRoutes } from './routes/sandbox/plan-clock.ts';
import { requestClockRoutes } from './routes/sandbox/request-clock.ts';
import { mailboxEnabled, mailboxRoutes } from './routes/system/mailbox.ts';
import { isLoopback, peerAddress } from './security/client-ip.ts';

export type { AppDeps, AppEnv } from './http/types.ts';

/**
 * The API reference page: Scalar's standalone bundle from our own origin, without its web
 * fonts (they come from a CDN) and with zod told not to probe for `new Function`, which the
 * page's Content-Security-Policy forbids (the probe would be reported as a violation).
 */
const API_DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Signet API</title>
  </head>
  <body>
    <div id="app"></div>
    <script>globalThis.__zod_globalConfig = { jitless: true };</script>
    <script src="/api/docs/scalar.js"></script>
    <script>Scalar.createApiReference('#app', { url: '/api/openapi.json', withDefaultFonts: false });</script>
  </body>
</html>
`;

/**
 * Builds the Hono app: request id + one log line per request, the API under `/api` (every
 * module of `routes/index.ts`, `/api/openapi.json`, `/api/docs`, JSON 404 for the rest), the
 * built-in CA's certificates, CRL and OCSP responder under `/pki`, the dev mailbox under `/dev`
 * (see {@link mailboxEnabled}; loopback clients only), and one error handler.
 *
 * Authentication: routes whose auth is not 'none' call `deps.authenticate` (default: the one
 * exported by `routes/index.ts`) once per request; the result is `c.get('principal')`.
 *
 * Web assets (admin, site) are mounted on the returned app by `mountWeb` in main.ts.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const full: AppDeps = deps.authenticate
    ? deps
    : defaultAuthenticate
      ? { ...deps, authenticate: defaultAuthenticate }
      : deps;
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(full));
  // Before the security headers, so it compresses the final answer (a page's CSP included).
  app.use('*', compressAnswers());
  app.use('*', securityHeaders(full.config));
  app.onError(errorHandler);

  const api = new Hono<AppEnv>();
  const ready = full.ready;
  if (ready) {
    // The server listens while the database opens: hold requests that may need it.
    let open = false;
    ready.then(
      () => {
        open = true;
      },
      () => {},
    );
    api.use('*', async (c, next) => {
      if (!open && !DB_FREE_PATHS.has(c.req.path)) await ready;
      await next();
    });
  }
  for (const register of routeModules) register(api, full);

  let openapi: string | undefined;
  api.get('/openapi.json', (c) => {
    openapi ??= JSON.stringify(buildOpenApi(routes, { serverUrl: `${full.config.publicUrl}/api` }));
    return c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  api.get('/docs', (c) => c.html(API_DOCS_HTML));
  api.get(
    '/docs/scalar.js',
    cachedAsset(async () => {
      // The package exports no package.json: find its folder from the main entry (dist/index.js).
      const { readFile } = await import('node:fs/promises');
      const entry = import.meta.resolve('@scalar/api-reference');
      return readFile(new URL('browser/standalone.js', entry));
    }, 'text/javascript; charset=utf-8'),
  );
  api.all('*', apiNotFound);
  app.route('/api', api);

  if (ready) {
    app.use('/pki/*', async (_c, next) => {
      await ready;
      await next();
    });
  }
  app.route('/pki', pkiRoutes(full));
  const mabSandbox = mabProviderFor(full);
  if (mabSandbox) {
    // The sandbox signing app's page (a stand-in for the provider's app).
    if (ready) {
      app.use('/sandbox/*', async (_c, next) => {
        await ready;
        await next();
      });
    }
    app.route(MAB_SANDBOX_PATH, mabSandboxRoutes(full, mabSandbox));
  }

  if (mailboxEnabled(full.config)) {
    // It shows password-reset links: only this machine may read it, judged by the socket's
    // peer and never by a forwarded header (a proxy on this machine is loopback too: the
    // mailbox exists only without SMTP and outside production, i.e. on a developer's machine).
    app.use('/dev/*', async (c, next) => {
      if (!isLoopback(peerAddress(c)))
        return c.json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
      if (ready) await ready;
      await next();
    });
    app.route('/dev', mailboxRoutes(full));
    // The identification sandbox's own pages (what a person sees at the provider).
    if (ready) {
      app.use(`${IDENT_SANDBOX_PATH}/*`, async (_c, next) => {
        await ready;
        await next();
      });
    }
    app.route(IDENT_SANDBOX_PATH, identSandboxRoutes(full));
  }
  // The sandbox DNS zone of the domain verifier (config refuses it in production).
  if (full.config.dnsVerifier === 'sandbox') {
    if (ready) {
      app.use('/sandbox/dns/*', async (_c, next) => {
        await ready;
        await next();
      });
    }
    app.route('/sandbox/dns', sandboxDnsRoutes(full));
  }
  // The sandbox payment provider's card page (config keeps it out of production by default).
  if (full.config.paymentProvider === 'sandbox') {
    if (ready) {
      app.use(`${PAYMENT_SANDBOX.path}/*`, async (_c, next) => {
        await ready;
        await next();
      });
    }
    app.route(PAYMENT_SANDBOX.path, paymentSandboxRoutes(full));
  }
  // The request clock (expires a request now) and the billing clock (moves trials on):
  // end-to-end tests only, never in another mode.
  if (full.config.mode === 'test') {
    if (ready) {
      for (const path of [REQUEST_CLOCK_PATH, BILLING_CLOCK_PATH, PLAN_SANDBOX_PATH]) {
        app.use(`${path}/*`, async (_c, next) => {
          await ready;
          await next();
        });
      }
    }
    app.route(REQUEST_CLOCK_PATH, requestClockRoutes(full));
    app.route(BILLING_CLOCK_PATH, billingClockRoutes(full));
    app.route(PLAN_SANDBOX_PATH, planClockRoutes(full));
  }
  return app;
}
