import { z } from 'zod';
import { MAINTENANCE_STATUSES } from './system.constants.ts';

export * from './system.constants.ts';

/** `GET /v1/datetime` response: the server's current time. */
export const ZDatetimeSchema = z.object({ now: z.iso.datetime() });
export type TDatetime = z.infer<typeof ZDatetimeSchema>;

/** `GET /v1/maintenance` response. */
export const ZMaintenanceSchema = z.object({
  status: z.enum(MAINTENANCE_STATUSES),
  isBlocking: z.boolean(),
  url: z.string().nullable(),
});
export type TMaintenance = z.infer<typeof ZMaintenanceSchema>;
