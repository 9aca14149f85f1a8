import { routes } from '@signet/shared';
import { requestMeta } from '../../http/auth.ts';
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
  registerRoute(api, deps, routes.requestConfirmation, ({ body, c }) =>
    requestConfirmation(deps, body, requestMeta(c)),
  );
  registerRoute(api, deps, routes.validConfirmation, ({ body }) =>
    checkConfirmation(deps.db, body.token),
  );
  registerRoute(api, deps, routes.checkPassword, ({ body, principal }) =>
    checkPassword(deps.db, body, principal?.kind === 'user' ? principal.userId : null),
  );
  registerRoute(api, deps, routes.register, ({ body, c }) =>
    registerUser(deps, body, requestMeta(c)),
  );
  registerRoute(api, deps, routes.login, ({ body, c }) => login(deps, body, requestMeta(c)));
  registerRoute(api, deps, routes.logout, ({ principal }) => logout(deps.db, principal.sessionId));
  registerRoute(api, deps, routes.requestReset, ({ body, c }) =>
    requestReset(deps, body, requestMeta(c)),
  );
  registerRoute(api, deps, routes.resetPassword, ({ body }) => resetPassword(deps, body));
  registerRoute(api, deps, routes.changePassword, ({ body, principal, c }) =>
    changePassword(deps, principal.userId, body, requestMeta(c)),
  );
};
