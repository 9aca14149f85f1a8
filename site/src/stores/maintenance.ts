import { readCookie } from '@signet/shared/session/cookies';
import { MAINTENANCE_POLL_MS } from '@signet/shared/system/system.constants';
import type { TMaintenance } from '@signet/shared/system/system.schema';
import { atom } from 'nanostores';
import { api, call } from '../lib/api.ts';
import { SITE_COOKIES } from '../lib/storage.ts';

/** The last maintenance status read; null before the first read. */
export const $maintenance = atom<TMaintenance | null>(null);

/** What the shell does with a status: show the light banner, leave for /maintenance, or nothing. */
export function maintenanceEffect(
  status: TMaintenance | null,
  staffBypass: boolean,
): 'none' | 'banner' | 'redirect' {
  if (status?.status !== 'in_progress') return 'none';
  if (!status.isBlocking) return 'banner';
  return staffBypass ? 'banner' : 'redirect';
}

/** Reads GET /v1/maintenance once and applies a blocking maintenance. */
export async function checkMaintenance(): Promise<TMaintenance | null> {
  let status: TMaintenance;
  try {
    status = await call(api.maintenance);
  } catch {
    return $maintenance.get();
  }
  $maintenance.set(status);
  if (
    maintenanceEffect(status, readCookie(SITE_COOKIES.staff) !== null) === 'redirect' &&
    window.location.pathname !== '/maintenance'
  ) {
    window.location.assign('/maintenance');
  }
  return status;
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Starts polling (idempotent); the shell calls it once the user is signed in. */
export function startMaintenancePolling(): void {
  if (timer) return;
  void checkMaintenance();
  timer = setInterval(() => void checkMaintenance(), MAINTENANCE_POLL_MS);
}

/** Stops polling (logout). */
export function stopMaintenancePolling(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
