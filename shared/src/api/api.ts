/**
 * The typed view of the route table for the browsers: for every endpoint its method, path and
 * auth (from `endpoints.ts`, zod-free) with the route's input and answer types attached at
 * compile time. The site and the console make every API call through it
 * (`call(client, api.getUser)`), so no path is typed twice and no zod reaches a browser.
 */
import { ENDPOINTS } from './endpoints.ts';
import type { TApiEndpoint } from './route.ts';
import type { Routes } from './routes.ts';

/** Every endpoint of the route table, typed. */
export type TApi = { readonly [K in keyof Routes]: TApiEndpoint<Routes[K]> };

export const api: TApi = ENDPOINTS;
