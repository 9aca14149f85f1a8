/**
 * The port and address of the server under test, for the config (which starts it) and for
 * worker-scoped fixtures (which run before any test's `baseURL` exists). Workers inherit the
 * runner's environment, so both read the same E2E_PORT.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
