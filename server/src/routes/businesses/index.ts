import { routes } from '@signet/shared';
import { csvResponse } from '../../http/csv-response.ts';
import { fileResponse } from '../../http/file-response.ts';
import { readImageBody } from '../../http/image-body.ts';
import { registerRoute } from '../../http/register.ts';
import type { RouteModule } from '../../http/types.ts';
import { dnsVerifier } from '../../providers/dns/index.ts';
import {
  listAccountActivities,
  listIdentificationActivities,
  listSignatureActivities,
} from '../../services/businesses/activities.ts';
import {
  getPublicInformation,
  updateBusinessBase,
} from '../../services/businesses/business-profile.ts';
import {
  getCustomExtras,
  getLogo,
  getSettings,
  updateSettings,
  uploadLogo,
} from '../../services/businesses/business-settings.ts';
import { createBusiness } from '../../services/businesses/create-business.ts';
import {
  revokeBusinessDeletion,
  scheduleBusinessDeletion,
} from '../../services/businesses/delete-business.ts';
import { addDomain, listDomains, removeDomain } from '../../services/businesses/domains.ts';
import { exportIdentifications, exportSignatures } from '../../services/businesses/exports.ts';
import { getBusiness } from '../../services/businesses/get-business.ts';
import { getUserBusiness } from '../../services/businesses/get-user-business.ts';
import { cancelInvitation, listInvitations } from '../../services/businesses/invitations.ts';
import { inviteMembers } from '../../services/businesses/invite-members.ts';
import { listBusinessAdmins } from '../../services/businesses/list-business-admins.ts';
import {
  changeRole,
  listMembers,
  removeMembers,
  updateMember,
} from '../../services/businesses/members.ts';
import { getStatistics } from '../../services/businesses/statistics.ts';
import { updateBusiness } from '../../services/businesses/update-business.ts';

/**
 * Businesses: the business and its profile, members and invitations, domains, settings and logo,
 * deletion, what signers see, activities with their CSV exports, statistics.
 */
export const businessRoutes: RouteModule = (api, deps) => {
  const r = <R extends Parameters<typeof registerRoute>[2]>(
    route: R,
    handler: Parameters<typeof registerRoute<R>>[3],
  ) => registerRoute(api, deps, route, handler);
  const verifier = dnsVerifier(deps.config, deps.db);

  r(routes.createBusiness, ({ ctx, body }) => createBusiness(ctx, body));
  r(routes.getUserBusiness, ({ ctx }) => getUserBusiness(ctx));
  r(routes.getBusiness, ({ ctx, params }) => getBusiness(ctx, params.id));
  r(routes.updateBusiness, ({ ctx, params, body }) => updateBusiness(ctx, params.id, body));
  r(routes.updateBusinessBase, ({ ctx, params, body }) => updateBusinessBase(ctx, params.id, body));
  r(routes.deleteBusiness, ({ ctx, params }) => scheduleBusinessDeletion(ctx, params.id));
  r(routes.revokeBusinessDeletion, ({ ctx, params }) => revokeBusinessDeletion(ctx, params.id));
  r(routes.getBusinessPublicInformation, ({ ctx, params }) => getPublicInformation(ctx, params.id));
  r(routes.getBusinessLogo, async ({ ctx, params }) => {
    const logo = await getLogo(ctx, params.id);
    // Public and cache-busted by its URL (`?v=`): cached for a day.
    return fileResponse(logo.bytes, logo.type, null, {
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
      ETag: `"${logo.key.slice(0, 16)}"`,
    });
  });
  r(routes.getBusinessCustomExtras, ({ ctx, params }) => getCustomExtras(ctx, params.id));
  r(routes.getBusinessSettings, ({ ctx, params }) => getSettings(ctx, params.id));
  r(routes.updateBusinessSettings, ({ ctx, params, body }) => updateSettings(ctx, params.id, body));
  r(routes.uploadBusinessLogo, async ({ ctx, params, c }) =>
    uploadLogo(ctx, params.id, await readImageBody(c.req.raw)),
  );
  r(routes.listBusinessAdmins, ({ ctx, params }) => listBusinessAdmins(ctx, params.id));
  r(routes.listBusinessMembers, ({ ctx, params, query }) => listMembers(ctx, params.id, query));
  r(routes.inviteBusinessMembers, ({ ctx, params, body }) => inviteMembers(ctx, params.id, body));
  r(routes.updateBusinessMember, ({ ctx, params, body }) =>
    updateMember(ctx, params.id, params.userId, body),
  );
  r(routes.changeToAdmins, ({ ctx, params, body }) => changeRole(ctx, params.id, body, 'admin'));
  r(routes.changeToMembers, ({ ctx, params, body }) => changeRole(ctx, params.id, body, 'member'));
  r(routes.removeBusinessMembers, ({ ctx, params, body }) => removeMembers(ctx, params.id, body));
  r(routes.listBusinessInvitations, ({ ctx, params }) => listInvitations(ctx, params.id));
  r(routes.cancelBusinessInvitation, ({ ctx, params }) =>
    cancelInvitation(ctx, params.id, params.inviteId),
  );
  r(routes.listBusinessDomains, ({ ctx, params }) => listDomains(ctx, params.id));
  r(routes.addBusinessDomain, ({ ctx, params, body }) =>
    addDomain(ctx, verifier, params.id, body.domain),
  );
  r(routes.removeBusinessDomain, ({ ctx, params }) => removeDomain(ctx, params.id, params.domain));
  r(routes.listAccountActivities, ({ ctx, params, query }) =>
    listAccountActivities(ctx, params.id, query),
  );
  r(routes.listSignatureActivities, ({ ctx, params, query }) =>
    listSignatureActivities(ctx, params.id, query),
  );
  r(routes.listIdentificationActivities, ({ ctx, params, query }) =>
    listIdentificationActivities(ctx, params.id, query),
  );
  r(routes.exportSignatureActivities, async ({ ctx, params, query }) => {
    const file = await exportSignatures(ctx, params.id, query);
    return csvResponse(file.fileName, file.header, file.rows);
  });
  r(routes.exportIdentificationActivities, async ({ ctx, params, query }) => {
    const file = await exportIdentifications(ctx, params.id, query);
    return csvResponse(file.fileName, file.header, file.rows);
  });
  r(routes.getBusinessStatistics, ({ ctx, params, query }) => getStatistics(ctx, params.id, query));
};
