import * as ENDPOINTS from '../api/endpoints.ts';
import { defineRoute } from '../api/route.ts';
import {
  ZSignerGroupInputSchema,
  ZSignerGroupListSchema,
  ZSignerGroupParamsSchema,
  ZSignerGroupQuerySchema,
  ZSignerGroupSchema,
} from './signer-group.schema.ts';

const READ =
  "The caller's business's groups: any member (or its API users). Without a business, or with signerGroups.maxGroups 0: 403 SIGNER_GROUPS_NOT_AVAILABLE.";
const WRITE = `${READ} Changes: admins (and API users); members get 403 NOT_ALLOWED.`;
const tags = ['signer-groups'] as const;

/** Signer groups (spec section 7): the same group of signers, added to a request in one step. */
export const signerGroupRoutes = {
  listSignerGroups: defineRoute({
    ...ENDPOINTS.listSignerGroups,
    summary: "The signer groups of the caller's business",
    description: READ,
    tags,
    query: ZSignerGroupQuerySchema,
    response: ZSignerGroupListSchema,
  }),
  getSignerGroup: defineRoute({
    ...ENDPOINTS.getSignerGroup,
    summary: 'One signer group, with its members when includeMembers=true',
    description: READ,
    tags,
    params: ZSignerGroupParamsSchema,
    query: ZSignerGroupQuerySchema,
    response: ZSignerGroupSchema,
  }),
  createSignerGroup: defineRoute({
    ...ENDPOINTS.createSignerGroup,
    summary: 'Create a signer group (admin)',
    description: `${WRITE} Beyond maxGroups: 409 TOO_MANY_SIGNER_GROUPS; more members than maxParticipants: 400 TOO_MANY_GROUP_MEMBERS.`,
    tags,
    body: ZSignerGroupInputSchema,
    response: ZSignerGroupSchema,
    status: 201,
  }),
  updateSignerGroup: defineRoute({
    ...ENDPOINTS.updateSignerGroup,
    summary: 'Rename a signer group or change its members (admin)',
    description: WRITE,
    tags,
    params: ZSignerGroupParamsSchema,
    body: ZSignerGroupInputSchema,
    response: ZSignerGroupSchema,
  }),
  deleteSignerGroup: defineRoute({
    ...ENDPOINTS.deleteSignerGroup,
    summary: 'Delete a signer group (admin)',
    description: WRITE,
    tags,
    params: ZSignerGroupParamsSchema,
    response: ZSignerGroupSchema,
  }),
};
