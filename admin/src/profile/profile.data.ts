import type { TBusiness } from '@signet/shared/business/business.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { forgetSession } from '../session.ts';

/** The business profile as the form edits it: name, contact and support contact. */
export type TProfileRecord = {
  id: string;
  name: string;
  email: string;
  phone: string;
  supportContact: { email: string; phone: string };
};

const toRecord = (b: TBusiness): TProfileRecord => ({
  id: b.id,
  name: b.name,
  email: b.email,
  phone: b.phone ?? '',
  supportContact: b.settings.supportContact,
});

/** `GET /v1/businesses/{id}` and `PUT /v1/businesses/{id}` (spec section 7). */
export const profileData: TResourceData = {
  getOne: async ({ id }) => ({
    data: toRecord(await call(api.getBusiness, { params: { id: String(id) } })),
  }),
  update: async ({ id, data }) => {
    const record = data as Partial<TProfileRecord>;
    const saved = await call(api.updateBusiness, {
      params: { id: String(id) },
      body: {
        name: record.name ?? '',
        email: record.email ?? '',
        phone: record.phone ?? '',
        supportContact: {
          email: record.supportContact?.email ?? '',
          phone: record.supportContact?.phone ?? '',
        },
      },
    });
    // The console's session shows the business (its name on the dashboard).
    forgetSession();
    return { data: toRecord(saved) };
  },
};
