/** Maintenance states of `GET /v1/maintenance` (spec section 3, Maintenance). */
export const MAINTENANCE_STATUSES = ['none', 'scheduled', 'in_progress'] as const;
export type TMaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** The client checks the maintenance status every 60 s while signed in (spec section 9). */
export const MAINTENANCE_POLL_MS = 60_000;
