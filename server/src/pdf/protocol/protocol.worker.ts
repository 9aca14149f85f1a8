import { parentPort } from 'node:worker_threads';
import type { TReport } from '@signet/shared/document/document.schema';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { serveThreadCalls } from '../../threads/thread-call.ts';
import { evidenceText } from './evidence-text.ts';
import { buildProtocolDocument } from './protocol-pdf.ts';

/** Lays out protocols (pdf-lib, tens of milliseconds for a long log) off the event loop. */
export type ProtocolJob = { report: TReport; lang: TLang };

serveThreadCalls<ProtocolJob, Uint8Array>(parentPort, ({ report, lang }) =>
  buildProtocolDocument(report, evidenceText(lang)),
);
