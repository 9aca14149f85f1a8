import { recordEvent } from '../../evidence/record-event.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { createZip, uniqueNames } from '../../zip/zip.ts';
import { fileNameFromTitle, protocolFileName } from '../documents/content-disposition.ts';
import { loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { FileOut, SigningContext } from './context.ts';
import { protocolNow } from './get-report.ts';

/**
 * `GET …/zip`: every document in its current (signed) version, named after its title, plus the
 * signed protocol once the request is complete. Logged as 'downloaded'.
 */
export async function getZip(ctx: SigningContext, id: string): Promise<FileOut> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadRequestForActor(tx, id, ctx.principal);
    const entries: { name: string; data: Uint8Array }[] = [];
    for (const d of loaded.documents) {
      const data = await ctx.blobs.get(d.currentBlobKey);
      if (!data) throw new BlobNotFoundError(d.currentBlobKey);
      entries.push({ name: fileNameFromTitle(d.title, 'pdf', `${d.id}.pdf`), data });
    }
    const protocolKey = loaded.request.protocolBlobKey;
    if (loaded.request.status === 'SIGNED' && protocolKey) {
      let data: Uint8Array | null;
      if (loaded.roles.includes('owner')) {
        data = await ctx.blobs.get(protocolKey);
        if (!data) throw new BlobNotFoundError(protocolKey);
      } else {
        // The kept protocol shows every participant's IP and browser: others get one built now.
        data = await protocolNow(ctx, loaded, tx);
      }
      entries.push({ name: protocolFileName(loaded.request), data });
    }
    const names = uniqueNames(entries.map((e) => e.name));
    const bytes = createZip(entries.map((e, i) => ({ name: names[i] as string, data: e.data })));
    await recordEvent(tx, {
      requestId: id,
      type: 'downloaded',
      actor: { id: loaded.actor.userId, email: loaded.actor.email },
      meta: ctx.meta,
      data: { what: 'zip', files: names },
    });
    return {
      bytes,
      fileName: fileNameFromTitle(loaded.request.title, 'zip', `${id}.zip`),
      contentType: 'application/zip',
    };
  });
}
