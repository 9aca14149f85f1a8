import { apiOrBearerAuthenticate } from '../http/api-auth.ts';
import type { Authenticate, RouteModule } from '../http/types.ts';
import { apiUserRoutes } from './api-users/index.ts';
import { authRoutes } from './auth/index.ts';
import { billingRoutes } from './billing/index.ts';
import { businessRoutes } from './businesses/index.ts';
import { directSignRoutes } from './direct-sign/index.ts';
import { documentRoutes } from './documents/index.ts';
import { identificationRoutes } from './identification/index.ts';
import { planRoutes } from './plans/index.ts';
import { sealRoutes } from './seals/index.ts';
import { signatureRequestRoutes } from './signature-requests/index.ts';
import { signerGroupRoutes } from './signer-groups/index.ts';
import { signingRoutes } from './signing/index.ts';
import { systemRoutes } from './system/index.ts';
import { userRoutes } from './users/index.ts';
import { verifyRoutes } from './verify/index.ts';
import { visualSignatureRoutes } from './visual-signatures/index.ts';

/**
 * The composition point of the API: every route module, in registration order. Add your
 * module to this list (one import, one entry).
 */
export const routeModules: RouteModule[] = [
  systemRoutes,
  authRoutes,
  userRoutes,
  planRoutes,
  businessRoutes,
  billingRoutes,
  apiUserRoutes,
  sealRoutes,
  signatureRequestRoutes,
  documentRoutes,
  signingRoutes,
  signerGroupRoutes,
  verifyRoutes,
  directSignRoutes,
  identificationRoutes,
  visualSignatureRoutes,
];

/**
 * The authentication hook used when `createApp` is not given one. The accounts module sets it
 * here (e.g. `export const authenticate: Authenticate | undefined = apiOrBearerAuthenticate;`).
 */
export const authenticate: Authenticate | undefined = apiOrBearerAuthenticate;
