import { ApiError } from '@signet/shared/api/browser';
import {
  checkAction,
  requestState,
} from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestAction,
  TSignatureRequest,
  TSigner,
} from '@signet/shared/signature-request/signature-request.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { useCallback, useEffect, useState } from 'react';
import { api, call, saveFile } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { showNotFound } from '../../../lib/guard.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { showSnackbar } from '../../../stores/snackbars.ts';
import type { TDownload } from '../api.ts';

export const emailOf = (s: TSigner) => s.signer_identity_data.email_address;

/**
 * A request as one user sees it: loaded (a stranger gets the 404 page), reloaded after every
 * change, with one action running at a time.
 */
export function useRequest(t: TFunction, srid: string) {
  const [request, setRequest] = useState<TSignatureRequest | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setRequest(await call(api.getSignatureRequest, { params: { id: srid } }));
      setFailed(null);
    } catch (error) {
      const { status } = ApiError.of(error);
      if (status === 404) {
        showNotFound();
        return;
      }
      if (status === 401) return;
      setFailed(errorMessage(t, error));
    }
  }, [srid, t]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Runs one action (named, so its button can show it is busy); a failure shows the reason in
   * a snackbar, prefixed with `failedText` when the spec names one.
   */
  async function run(name: string, action: () => Promise<void>, failedText?: string) {
    if (busy) return;
    setBusy(name);
    try {
      await action();
    } catch (error) {
      const reason = errorMessage(t, error);
      const lead = failedText && /[.!?:]$/.test(failedText) ? failedText : `${failedText}.`;
      showSnackbar({ message: failedText ? `${lead} ${reason}` : reason, variant: 'error' });
    } finally {
      setBusy(null);
    }
  }

  /** Downloads a file of the request (the server names it after the request). */
  const download = (target: TDownload) =>
    run(
      `download-${target.name}`,
      () => saveFile(target.endpoint, target.input, target.name),
      t('snackbar.downloadFailed'),
    );

  return { request, setRequest, failed, load, busy, run, download };
}

/** What the viewer is to the request, and what the shared rules let them do (the server checks again). */
export function viewerOf(request: TSignatureRequest, user: TUser) {
  const me = user.email.toLowerCase();
  const signers = [...request.signatures].sort((a, b) => a.order - b.order);
  const mine =
    signers.find((s) => emailOf(s).toLowerCase() === me || s.account_email?.toLowerCase() === me) ??
    null;
  const isOwner = request.my_roles.includes('owner');
  const facts = {
    status: request.status_overall,
    documentCount: request.documents.length,
    signerCount: request.signatures.length,
    anySigned: request.signatures.some((s) => s.signed_at !== null),
  };
  const actor = { isOwner, signerStatus: mine?.status_code ?? null };
  return {
    isOwner,
    mine,
    signers,
    /** Signers sign one after the other (not all at the same order). */
    inOrder: new Set(signers.map((s) => s.order)).size > 1,
    state: requestState(request.status_overall, mine?.status_code ?? null),
    can: (action: TRequestAction) => checkAction(action, facts, actor).ok,
  };
}

export type TViewer = ReturnType<typeof viewerOf>;
