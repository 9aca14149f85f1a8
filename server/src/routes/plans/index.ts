import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  confirmDirectUpgrade,
  createDirectSetupIntent,
} from '../../services/billing/direct-upgrade.ts';
import {
  cancelIndividualPlan,
  migrateToFreePlan,
  revokeIndividualPlanCancel,
} from '../../services/billing/individual-plan.ts';
import { individualPortalSession } from '../../services/billing/individual-portal.ts';
import { getUserPlan } from '../../services/billing/user-plan.ts';

/**
 * An individual's plan and its direct upgrade. Registered before the business routes, so
 * `/v2/businesses/direct_upgrade/…` is never read as a business id.
 */
export const planRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.getUserPlan, ({ ctx }) => getUserPlan(ctx));
  registerRoute(api, deps, routes.createDirectSetupIntent, ({ ctx, body }) =>
    createDirectSetupIntent(ctx, body),
  );
  registerRoute(api, deps, routes.confirmDirectUpgrade, ({ ctx, body }) =>
    confirmDirectUpgrade(ctx, body),
  );
  registerRoute(api, deps, routes.cancelIndividualPlan, ({ ctx }) => cancelIndividualPlan(ctx));
  registerRoute(api, deps, routes.revokeIndividualPlanCancel, ({ ctx }) =>
    revokeIndividualPlanCancel(ctx),
  );
  registerRoute(api, deps, routes.individualPortalSession, ({ ctx }) =>
    individualPortalSession(ctx),
  );
  registerRoute(api, deps, routes.migrateToFreePlan, ({ ctx }) => migrateToFreePlan(ctx));
};
