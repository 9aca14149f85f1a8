import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { listPricePlans } from '../../services/billing/price-plans.ts';
import {
  cancelTrial,
  getSubscriptionUsage,
  updateSeats,
} from '../../services/billing/subscription.ts';

/** Plans, trials and seats. */
export const billingRoutes: RouteModule = (api, deps) => {
  const r = <R extends Parameters<typeof registerRoute>[2]>(
    route: R,
    handler: Parameters<typeof registerRoute<R>>[3],
  ) => registerRoute(api, deps, route, handler);

  r(routes.listPricePlans, ({ ctx }) => listPricePlans(ctx));
  r(routes.getSubscriptionUsage, ({ ctx, params }) => getSubscriptionUsage(ctx, params.id));
  r(routes.updateSubscriptionSeats, ({ ctx, params, body }) => updateSeats(ctx, params.id, body));
  r(routes.cancelTrial, ({ ctx, params }) => cancelTrial(ctx, params.id));
};
