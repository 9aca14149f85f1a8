import {
  apiCredentialsRefused,
  authenticateApiUser,
} from '../services/api-users/authenticate-api-user.ts';
import { bearerAuthenticate } from './auth.ts';
import { basicCredentials } from './direct-auth.ts';
import type { Authenticate } from './types.ts';

/**
 * The API's authentication: `Basic <username>:<API key>` is an API user (http/register.ts keeps
 * it to the v3 request API and logs its calls), anything else goes to the bearer sessions.
 * Basic credentials that are not an API user's answer 401 at once.
 */
export const apiOrBearerAuthenticate: Authenticate = async (c) => {
  const header = c.req.header('authorization');
  if (header && /^basic\b/i.test(header)) {
    const basic = basicCredentials(header);
    if (!basic) throw apiCredentialsRefused();
    return authenticateApiUser(c.get('deps').db, basic.user, basic.pass);
  }
  return bearerAuthenticate(c);
};
