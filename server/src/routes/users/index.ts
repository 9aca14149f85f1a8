import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { acceptTerms } from '../../services/users/accept-terms.ts';
import { deleteUser } from '../../services/users/delete-user.ts';
import { getSignatureQualities } from '../../services/users/get-signature-qualities.ts';
import { getUser } from '../../services/users/get-user.ts';
import {
  confirmMobile,
  startMobileConfirmation,
} from '../../services/users/mobile-confirmation.ts';
import { updateUser } from '../../services/users/update-user.ts';

/** The signed-in user's own account. */
export const userRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.getUser, ({ ctx }) => getUser(ctx));
  registerRoute(api, deps, routes.updateUser, ({ ctx, body }) => updateUser(ctx, body));
  registerRoute(api, deps, routes.startMobileConfirmation, ({ ctx, body }) =>
    startMobileConfirmation(ctx, body.mobile),
  );
  registerRoute(api, deps, routes.confirmMobile, ({ ctx, body }) => confirmMobile(ctx, body.code));
  registerRoute(api, deps, routes.acceptUser, ({ ctx, body }) => acceptTerms(ctx, body));
  registerRoute(api, deps, routes.deleteUser, ({ ctx, body }) => deleteUser(ctx, body.password));
  registerRoute(api, deps, routes.signatureQualities, ({ ctx }) => getSignatureQualities(ctx));
};
