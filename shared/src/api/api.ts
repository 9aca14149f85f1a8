/**
 * The typed view of the route table for the browsers: `api.<name>` is the endpoint's method, path
 * and auth (endpoints.ts, zod-free, each its own export so a page ships only what it calls), and
 * `RouteOf` finds the route of the table it is — its input and answer types, at compile time
 * only. The site and the console make every API call through it:
 *
 *   const user = await call(api.getUser);        // typed as the route's answer
 */
import type { TEndpoint } from './route.ts';
import type { Routes } from './routes.ts';

export * as api from './endpoints.ts';

/** The route of the table with the endpoint's method and path (for its types). */
export type RouteOf<E extends TEndpoint> = {
  [K in keyof Routes]: Routes[K] extends { method: E['method']; path: E['path'] }
    ? Routes[K]
    : never;
}[keyof Routes];
