import type {
  TBusinessSettings,
  TUpdateBusinessSettings,
} from '@signet/shared/business/business.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { forgetSession } from '../session.ts';

/** The settings as the form edits them: one record per business. */
export type TSettingsRecord = TBusinessSettings & { id: string };

/** What an admin may change (shared's EDITABLE_SETTINGS); the rest is the plan's and not sent. */
export function editable(s: TBusinessSettings): TUpdateBusinessSettings {
  return {
    signatureRequests: {
      retention: s.signatureRequests.retention,
      part11: s.signatureRequests.part11,
    },
    mabSettings: { directSign: s.mabSettings.directSign },
    userPilot: s.userPilot,
    mailService: {
      attachments: {
        signedDocument: { enabled: s.mailService.attachments.signedDocument.enabled },
        signatureProtocol: { enabled: s.mailService.attachments.signatureProtocol.enabled },
      },
    },
  };
}

/** `GET/PUT /v1/businesses/{id}/settings` (spec section 7): the answer holds the settings. */
export const settingsData: TResourceData = {
  getOne: async ({ id }) => {
    const { settings } = await call(api.getBusinessSettings, { params: { id: String(id) } });
    return { data: { ...settings, id: String(id) } };
  },
  update: async ({ id, data }) => {
    const { settings } = await call(api.updateBusinessSettings, {
      params: { id: String(id) },
      body: editable(data as TSettingsRecord),
    });
    forgetSession();
    return { data: { ...settings, id: String(id) } as never };
  },
};
