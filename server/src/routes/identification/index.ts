import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { identMethod } from '../../services/identification/ident-method.ts';
import {
  cancelIdentification,
  getIdentification,
  identificationPayment,
} from '../../services/identification/read-identification.ts';
import { startIdentification } from '../../services/identification/start-identification.ts';

/**
 * Identification with a provider (spec section 7, Identification): an account's, and the direct
 * variants for a direct signer's slot — the same use cases, with the other principal.
 */
export const identificationRoutes: RouteModule = (api, deps) => {
  // Before `{provider}/{method}`, which would take `payment/{id}` for itself.
  registerRoute(api, deps, routes.identificationPayment, ({ ctx, params }) =>
    identificationPayment(ctx, params.id),
  );
  registerRoute(api, deps, routes.directIdentificationPayment, ({ ctx, params }) =>
    identificationPayment(ctx, params.id),
  );
  registerRoute(api, deps, routes.startDirectIdentification, ({ ctx, params, body }) =>
    startIdentification(ctx, params, body),
  );
  registerRoute(api, deps, routes.getDirectIdentification, ({ ctx, params }) =>
    getIdentification(ctx, params),
  );
  registerRoute(api, deps, routes.cancelDirectIdentification, ({ ctx, params, query }) =>
    cancelIdentification(ctx, params, query.email),
  );
  registerRoute(api, deps, routes.startIdentification, ({ ctx, params, body }) =>
    startIdentification(ctx, params, body),
  );
  registerRoute(api, deps, routes.getIdentification, ({ ctx, params }) =>
    getIdentification(ctx, params),
  );
  registerRoute(api, deps, routes.cancelIdentification, ({ ctx, params, query }) =>
    cancelIdentification(ctx, params, query.email),
  );
  registerRoute(api, deps, routes.signerIdentMethod, ({ ctx, params }) =>
    identMethod(ctx, params.id, params.sig),
  );
};
