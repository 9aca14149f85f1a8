import type { TMaintenance, TMaintenanceStatus } from '@signet/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { maintenance } from '../../db/schema/index.ts';

const NONE: TMaintenance = { status: 'none', isBlocking: false, url: null };

/** The current maintenance announcement (none when the row does not exist). */
export async function getMaintenance(db: DbOrTx): Promise<TMaintenance> {
  const [row] = await db
    .select({
      status: maintenance.status,
      isBlocking: maintenance.isBlocking,
      url: maintenance.url,
    })
    .from(maintenance)
    .where(eq(maintenance.id, 1));
  return row ?? NONE;
}

/** Sets the maintenance announcement (upserts the single row). */
export async function setMaintenance(
  db: DbOrTx,
  value: { status: TMaintenanceStatus; isBlocking?: boolean; url?: string | null },
): Promise<TMaintenance> {
  const next = {
    status: value.status,
    isBlocking: value.status === 'none' ? false : (value.isBlocking ?? false),
    url: value.url ?? null,
  };
  await db
    .insert(maintenance)
    .values({ id: 1, ...next, updatedAt: new Date() })
    .onConflictDoUpdate({ target: maintenance.id, set: { ...next, updatedAt: new Date() } });
  return next;
}
