import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type TVisualSignatureRow, visualSignatures } from '../../db/schema/visual-signatures.ts';
import { AppError } from '../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's visual signature {id}; anyone else's, or none, is 404 NOT_FOUND. */
export async function ownVisualSignature(
  db: DbOrTx,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TVisualSignatureRow> {
  if (!UUID.test(id)) throw notFound();
  const query = db
    .select()
    .from(visualSignatures)
    .where(and(eq(visualSignatures.id, id), eq(visualSignatures.userId, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const notFound = () => new AppError('NOT_FOUND', 404, 'There is no such visual signature.');
