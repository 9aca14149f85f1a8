import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { type RouteDef, routes } from '@signet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPdf } from '../pdf/make-test-pdf.ts';
import { signUp, uniqueEmail } from '../routes/auth/testing.ts';
import { sendRequest } from '../routes/direct-sign/testing.ts';
import { uploadPdf } from '../routes/documents/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { inlineScriptHashes, NON_HTML_CSP } from './security-headers.ts';
import { mountWeb } from './static.ts';

/**
 * The security headers on every answer: every route of the API (signed in and not), every page
 * of the site, the console, the API reference and static files, served by a real HTTP server
 * from the real builds (`pnpm build`, which `npm test` runs first).
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const siteDir = join(root, 'site', 'dist');
const adminDir = join(root, 'admin', 'dist');
const ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let server: ReturnType<typeof createAdaptorServer>;
let base: string;
let token: string;

beforeAll(async () => {
  if (
    !existsSync(join(siteDir, 'server', 'entry.mjs')) ||
    !existsSync(join(adminDir, 'index.html'))
  ) {
    throw new Error('site/dist or admin/dist is missing: run `pnpm build` first (npm test does)');
  }
  t = await createTestApp({ env: { PUBLIC_URL: 'https://signet.example.ch' } });
  mountWeb(t.app, { adminDir, siteDir, log: t.deps.log, config: t.config });
  server = createAdaptorServer({ fetch: t.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = (await signUp(t)).token;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

function expectBaseHeaders(res: Response, what: string) {
  const h = res.headers;
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  // The direct signer's pages send no referrer at all (their URLs hold the link's secret).
  expect(['same-origin', 'no-referrer'], what).toContain(h.get('referrer-policy'));
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(h.get('permissions-policy'), what).toMatch(/camera=\(\)/);
  // PUBLIC_URL is https here.
  expect(h.get('strict-transport-security'), what).toBe('max-age=31536000');
  expect(h.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
}

/** A page's policy allows exactly its own inline scripts, and no inline script otherwise. */
function expectPageCsp(res: Response, html: string, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(csp, what).toMatch(/default-src 'self'/);
  expect(csp, what).toMatch(/object-src 'none'/);
  expect(csp, what).toMatch(/base-uri 'self'/);
  for (const hash of inlineScriptHashes(html)) expect(scriptSrc, what).toContain(hash);
  // No inline event handlers, which no hash could allow.
  expect(html, what).not.toMatch(/<[^>]+\son[a-z]+\s*=\s*["']/i);
}

describe('API answers', () => {
  const table = Object.entries(routes as Record<string, RouteDef>);
  const path = (r: RouteDef) =>
    `/api${r.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'n' ? '1' : ID))}`;

  it.each(table)('%s carries the headers, signed in or not', async (_name, route) => {
    for (const auth of [undefined, token]) {
      const res = await fetch(base + path(route), {
        method: route.method,
        headers: {
          ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
          ...(route.body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(route.body ? { body: '{}' } : {}),
      });
      await res.arrayBuffer();
      const what = `${route.method} ${route.path} (${auth ? 'user' : 'anonymous'}) → ${res.status}`;
      expect(res.status, what).toBeLessThan(500);
      expectBaseHeaders(res, what);
      if (!/^text\/html/.test(res.headers.get('content-type') ?? '')) {
        expect(res.headers.get('content-security-policy'), what).toBe(NON_HTML_CSP);
      }
    }
  });

  it('also on unknown API paths, the OpenAPI document and errors', async () => {
    for (const p of ['/api/v9/nothing', '/api/openapi.json', '/api/v1/user']) {
      const res = await fetch(base + p);
      await res.arrayBuffer();
      expectBaseHeaders(res, p);
      expect(res.headers.get('content-security-policy'), p).toBe(NON_HTML_CSP);
    }
  });
});

describe('pages', () => {
  /** Every route of site/src/pages, with a sample value for its parameters. */
  const pages = (() => {
    const dir = join(root, 'site', 'src', 'pages');
    const out: string[] = [];
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const full = join(d, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.astro')) {
          const route = `/${relative(dir, full)}`
            .replace(/\.astro$/, '')
            .replace(/\/index$/, '/')
            .replace(/\[[^\]]+\]/g, ID);
          out.push(route === '' ? '/' : route);
        }
      }
    };
    walk(dir);
    return out.sort();
  })();

  it('lists the site pages', () => {
    expect(pages).toContain('/login');
    expect(pages).toContain(`/view/${ID}`);
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(pages)('%s: headers and a CSP that allows exactly its inline scripts', async (page) => {
    const res = await fetch(base + page, { redirect: 'manual' });
    const html = await res.text();
    // /500 is the error page itself.
    expect(res.status, page).toBeLessThan(page === '/500' ? 501 : 500);
    expectBaseHeaders(res, page);
    if (/^text\/html/.test(res.headers.get('content-type') ?? '')) expectPageCsp(res, html, page);
  });

  it.each(['/business/', '/business/members', '/api/docs', '/no/such/page'])(
    '%s: headers and a page CSP',
    async (page) => {
      const res = await fetch(base + page);
      const html = await res.text();
      expectBaseHeaders(res, page);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expectPageCsp(res, html, page);
    },
  );

  it("a direct signer's page, rendered with the request's data, and the sandbox signing app", async () => {
    // The API tests above end the shared session (sign-out): a fresh owner.
    const owner = (await signUp(t)).token;
    const doc = await uploadPdf(t, owner, await makeTestPdf());
    const request = await sendRequest(t, owner, doc, {
      direct_sign: true,
      signatures: [
        {
          signer_identity_data: { email_address: uniqueEmail('direct'), first_name: 'Giulia' },
          direct: true,
        },
      ],
    });
    const link = new URL(request.signatures[0]?.signing_url as string);
    const view = await fetch(base + link.pathname + link.search);
    const html = await view.text();
    expect(view.status).toBe(200);
    expect(html).toContain(`&quot;requestId&quot;:[0,&quot;${request.id}&quot;]`);
    expectBaseHeaders(view, 'the direct view');
    expectPageCsp(view, html, 'the direct view');

    const sandbox = await fetch(`${base}/sandbox/mab/authorize?request_uri=unknown`);
    expect(sandbox.status).toBe(404);
    expectBaseHeaders(sandbox, 'the sandbox app');
    expectPageCsp(sandbox, await sandbox.text(), 'the sandbox app');
  });

  it('static files and the console assets carry them too', async () => {
    const index = await (await fetch(`${base}/business/`)).text();
    const asset = /src="(\/business\/assets\/[^"]+\.js)"/.exec(index)?.[1] as string;
    for (const p of ['/favicon.svg', '/robots.txt', asset]) {
      const res = await fetch(base + p);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      expectBaseHeaders(res, p);
    }
  });

  it('leaves out HSTS when the public URL is http', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.request('/api/v1/datetime');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await plain.close();
    }
  });
});
