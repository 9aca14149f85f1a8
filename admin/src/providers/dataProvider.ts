/**
 * The data provider: each resource of `resources.ts` says how its records come from the spec's
 * calls (its `data`); this dispatches react-admin's methods to them and turns refusals into
 * react-admin's errors (validation errors onto the fields). Not ra-data-simple-rest: the API
 * is the spec's, not a generic REST one.
 */
import type { DataProvider } from 'react-admin';
import type { TConsoleResource, TResourceData } from '../resource.ts';
import { toHttpError } from './server-errors.ts';

const METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'update',
  'create',
  'delete',
] as const satisfies readonly (keyof TResourceData)[];

const unsupported = (method: string, resource: string) =>
  Promise.reject(new Error(`The console has no ${method} for ${resource}`));

export function createDataProvider(resources: readonly TConsoleResource[]): DataProvider {
  const data = new Map(resources.map((r) => [r.name, r.data]));
  const provider: Record<string, unknown> = {};
  for (const method of METHODS) {
    provider[method] = async (resource: string, params: never) => {
      const handler = data.get(resource)?.[method] as ((p: never) => Promise<unknown>) | undefined;
      if (!handler) return unsupported(method, resource);
      try {
        return await handler(params);
      } catch (error) {
        throw toHttpError(error);
      }
    };
  }
  // No resource of the console changes many records at once yet.
  provider.updateMany = (resource: string) => unsupported('updateMany', resource);
  provider.deleteMany = (resource: string) => unsupported('deleteMany', resource);
  return provider as unknown as DataProvider;
}
