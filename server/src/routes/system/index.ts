import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { getMaintenance } from './maintenance.ts';

/** Time and maintenance: the calls every page makes. */
export const systemRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.datetime, () => ({ now: new Date().toISOString() }), {
    needsDb: false,
  });
  registerRoute(api, deps, routes.maintenance, () => getMaintenance(deps.db));
};
