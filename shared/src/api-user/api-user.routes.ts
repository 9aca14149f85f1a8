import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import { ZBusinessIdParamsSchema } from '../business/business.schema.ts';
import {
  API_USERS_MAX,
  ZApiUserInputSchema,
  ZApiUserListSchema,
  ZApiUserParamsSchema,
  ZApiUserSchema,
  ZApiUserWithKeySchema,
} from './api-user.schema.ts';

const ADMIN = 'Admins of the business; members get 403 NOT_ALLOWED, everyone else 404.';
const tags = ['api-users'] as const;

/** API users of a business (spec section 7, Business: `/v1/businesses/{id}/apis…`). */
export const apiUserRoutes = {
  listApiUsers: defineRoute({
    ...ENDPOINTS.listApiUsers,
    summary: 'The API users of the business (admin)',
    description: ADMIN,
    tags,
    params: ZBusinessIdParamsSchema,
    response: ZApiUserListSchema,
  }),
  createApiUser: defineRoute({
    ...ENDPOINTS.createApiUser,
    summary: 'Create an API user; its key is in this answer only (admin)',
    description: `${ADMIN} The v3 request API answers to HTTP Basic auth with the username and key. At most ${API_USERS_MAX} per business (409 TOO_MANY_API_USERS).`,
    tags,
    params: ZBusinessIdParamsSchema,
    body: ZApiUserInputSchema,
    response: ZApiUserWithKeySchema,
    status: 201,
  }),
  updateApiUser: defineRoute({
    ...ENDPOINTS.updateApiUser,
    summary: 'Rename an API user (admin)',
    description: ADMIN,
    tags,
    params: ZApiUserParamsSchema,
    body: ZApiUserInputSchema,
    response: ZApiUserSchema,
  }),
  deleteApiUser: defineRoute({
    ...ENDPOINTS.deleteApiUser,
    summary: 'Delete an API user: its key answers 401 from now on (admin)',
    description: `${ADMIN} Requests it created stay (owned by the business).`,
    tags,
    params: ZApiUserParamsSchema,
    response: ZApiUserSchema,
  }),
  resetApiUserKey: defineRoute({
    ...ENDPOINTS.resetApiUserKey,
    summary: 'Give an API user a new key; the old one answers 401 from now on (admin)',
    description: ADMIN,
    tags,
    params: ZApiUserParamsSchema,
    response: ZApiUserWithKeySchema,
  }),
};
