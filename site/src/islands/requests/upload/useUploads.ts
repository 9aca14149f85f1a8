import { ApiError } from '@signet/shared/api/browser';
import { pdfFileProblem } from '@signet/shared/document/document.rules';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { useState } from 'react';
import { api, upload } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';

export type TUploadItem = {
  key: number;
  file: File;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  document: TDocument | null;
  error: string | null;
  abort: () => void;
};

/** The server refused because the caller's plan does not upload (the new free plan). */
export function isPlanLimit(error: ApiError): boolean {
  return error.code === PLAN_ERRORS.uploadNotIncluded;
}

let nextKey = 1;
/** A key for a row of the page (files, signers, observers). */
export const newKey = () => nextKey++;

/**
 * The PDFs of a new request: each uploaded at once with its own progress (the server checks
 * every file again), removable while uploading. `onPlanLimit` hears when the plan refuses.
 */
export function useUploads(t: TFunction, onPlanLimit: () => void) {
  const [files, setFiles] = useState<TUploadItem[]>([]);

  const patch = (key: number, change: Partial<TUploadItem>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  function add(list: FileList | File[]) {
    const added: TUploadItem[] = [];
    for (const file of Array.from(list)) {
      const key = newKey();
      const base = { key, file, progress: 0, document: null, abort: () => {} };
      const problem = pdfFileProblem(file);
      if (problem) {
        added.push({ ...base, state: 'failed', error: t(`upload.${problem}`) });
        continue;
      }
      const sent = upload(api.uploadDocument, { file }, (progress) => patch(key, { progress }));
      added.push({ ...base, state: 'uploading', error: null, abort: sent.abort });
      sent.promise
        .then((document) => patch(key, { state: 'done', progress: 1, document }))
        .catch((caught: unknown) => {
          const error = ApiError.of(caught);
          if (error.code === 'ABORTED') return;
          if (isPlanLimit(error)) onPlanLimit();
          patch(key, { state: 'failed', error: errorMessage(t, error) });
        });
    }
    setFiles((current) => [...current, ...added]);
  }

  function remove(item: TUploadItem) {
    item.abort();
    setFiles((list) => list.filter((f) => f.key !== item.key));
  }

  return { files, add, remove };
}
