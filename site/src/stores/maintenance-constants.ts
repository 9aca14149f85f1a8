/** Maintenance is checked every 60 s while logged in (spec section 9). */
export const MAINTENANCE_POLL_MS = 60_000;
