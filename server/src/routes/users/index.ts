import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { acceptTerms } from '../../services/users/accept-terms.ts';
import { deleteUser } from '../../services/users/delete-user.ts';
import { getSignatureQualities } from '../../services/users/get-signature-qualities.ts';
import { getUser } from '../../services/users/get-user.ts';
import { updateUser } from '../../services/users/update-user.ts';

/** The signed-in user's own account. */
export const userRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.getUser, ({ principal }) => getUser(deps.db, principal.userId));
  registerRoute(api, deps, routes.updateUser, ({ principal, body }) =>
    updateUser(deps.db, principal.userId, body),
  );
  registerRoute(api, deps, routes.acceptUser, ({ principal, body }) =>
    acceptTerms(deps.db, principal.userId, body),
  );
  registerRoute(api, deps, routes.deleteUser, ({ principal, body }) =>
    deleteUser(deps, principal.userId, body.password),
  );
  registerRoute(api, deps, routes.signatureQualities, ({ principal }) =>
    getSignatureQualities(deps.db, principal.userId),
  );
};
