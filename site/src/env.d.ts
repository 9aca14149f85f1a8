/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Interface language of this request (middleware.ts). */
    lang: import('@signet/shared/i18n/lang.constants').TLang;
    /** Server mode; the server process may pass it as a local, else SIGNET_MODE/NODE_ENV. */
    mode: import('./lib/mode.ts').Mode;
    /**
     * The API in process (passed by the server; absent when the site runs alone): a Request
     * for `/api/…` in, its Response out.
     */
    api?: (request: Request) => Promise<Response>;
  }
}
