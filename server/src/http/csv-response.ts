import { CSV_BOM, CSV_UNPARSE_CONFIG } from '@signet/shared/activity/activity.constants';
import Papa from 'papaparse';
import { attachmentDisposition } from './file-response.ts';

/** Rows of a CSV file, produced a batch at a time (the first batch may be the only one). */
export type CsvBatches = AsyncIterable<readonly (readonly unknown[])[]>;

/**
 * A CSV download streamed as it is produced: UTF-8 with a BOM (Excel then reads umlauts), RFC
 * 4180 (CRLF, quoted where needed), formula cells escaped (shared's CSV_UNPARSE_CONFIG — the
 * browser's exports use the same). Memory stays at one batch whatever the file's length.
 */
export function csvResponse(
  fileName: string,
  header: readonly string[],
  batches: CsvBatches,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const head = Papa.unparse([header as unknown[]], CSV_UNPARSE_CONFIG);
        controller.enqueue(encoder.encode(`${CSV_BOM}${head}\r\n`));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      if (next.value.length === 0) return;
      controller.enqueue(
        encoder.encode(`${Papa.unparse(next.value as unknown[][], CSV_UNPARSE_CONFIG)}\r\n`),
      );
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
