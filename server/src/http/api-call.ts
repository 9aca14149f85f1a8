import type { RouteDef } from '@signet/shared';
import { API_USER_ERRORS, API_USER_PUBLIC_API } from '@signet/shared/api-user/api-user.constants';
import type { Context } from 'hono';
import { AppError, isAppError } from '../errors.ts';
import { recordApiCall } from '../services/api-users/record-api-call.ts';
import { requestMeta } from './auth.ts';
import type { AppDeps, AppEnv, UserPrincipal } from './types.ts';

/**
 * An API user's call: only the public request API answers to it (403 NOT_FOR_API_USERS
 * elsewhere: the console, the profile and the business calls need a person), and every call,
 * refused or failed ones too, goes into its business's activity log with its status.
 */
export async function loggedApiCall(
  c: Context<AppEnv>,
  deps: AppDeps,
  route: RouteDef,
  principal: UserPrincipal,
  run: () => Promise<Response>,
): Promise<Response> {
  let statusCode = 500;
  try {
    if (!API_USER_PUBLIC_API.some((prefix) => route.path.startsWith(prefix))) {
      throw new AppError(
        API_USER_ERRORS.notForApiUsers,
        403,
        'API users may call the request API (/v3) only',
      );
    }
    const response = await run();
    statusCode = response.status;
    return response;
  } catch (e) {
    if (isAppError(e)) statusCode = e.status;
    throw e;
  } finally {
    try {
      await recordApiCall(
        deps.db,
        principal,
        {
          method: route.method,
          path: route.path,
          status: statusCode,
          requestId: c.get('requestId'),
        },
        requestMeta(c),
      );
    } catch (e) {
      deps.log.error({ err: e }, 'could not log an API call');
    }
  }
}
