import { routes } from '@signet/shared';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { changePassword } from '../../services/auth/change-password.ts';
import { checkConfirmation } from '../../services/auth/check-confirmation.ts';
import { checkPassword } from '../../services/auth/check-password.ts';
import { login } from '../../services/auth/login.ts';
import { logout } from '../../services/auth/logout.ts';
import { registerUser } from '../../services/auth/register-user.ts';
import { requestConfirmation } from '../../services/auth/request-confirmation.ts';
import { requestReset } from '../../services/auth/request-reset.ts';
import { resetPassword } from '../../services/auth/reset-password.ts';

/** Signup, sign-in, sign-out and passwords. */
export const authRoutes: RouteModule = (api, deps) => {
  registerRoute(api, deps, routes.requestConfirmation, ({ ctx, body }) =>
    requestConfirmation(ctx, body),
  );
  registerRoute(api, deps, routes.validConfirmation, ({ ctx, body }) =>
    checkConfirmation(ctx, body.token),
  );
  registerRoute(api, deps, routes.checkPassword, ({ ctx, body }) => checkPassword(ctx, body));
  registerRoute(api, deps, routes.register, ({ ctx, body }) => registerUser(ctx, body));
  registerRoute(api, deps, routes.login, ({ ctx, body }) => login(ctx, body));
  registerRoute(api, deps, routes.logout, ({ ctx }) => logout(ctx));
  registerRoute(api, deps, routes.requestReset, ({ ctx, body }) => requestReset(ctx, body));
  registerRoute(api, deps, routes.resetPassword, ({ ctx, body }) => resetPassword(ctx, body));
  registerRoute(api, deps, routes.changePassword, ({ ctx, body }) => changePassword(ctx, body));
};
