import { SIGNER_ORDER } from '@signet/shared/signature-request/signature-request.constants';
import type { Dispatch, SetStateAction } from 'react';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  openPlaceSignatureOverlay,
  type TPlaceDocument,
} from '../../../overlays/place-signature.tsx';
import type { TPerson } from './new-request.ts';

type Props = {
  t: TFunction;
  id: string;
  kind: 'signer' | 'observer';
  list: readonly TPerson[];
  set: Dispatch<SetStateAction<TPerson[]>>;
  /** Signers in order: each row has its position. */
  inOrder: boolean;
  errorOf: (key: string) => string | undefined;
  /** The uploaded documents: a signer's signature boxes can be placed on them. */
  documents?: readonly TPlaceDocument[];
};

/** The rows of signers or observers: address, position (signers in order), remove. */
export function PeopleList({ t, id, kind, list, set, inOrder, errorOf, documents = [] }: Props) {
  const change = (key: number, part: Partial<TPerson>) =>
    set((all) => all.map((x) => (x.key === key ? { ...x, ...part } : x)));
  return list.map((p, i) => {
    const err = errorOf(`${kind}-${p.key}`);
    const orderErr = errorOf(`order-${p.key}`);
    const n = i + 1;
    return (
      <li key={p.key} className="rq-person" data-testid={`${kind}-row`}>
        {kind === 'signer' && inOrder && (
          <div
            className={orderErr ? 'acc-field acc-field--invalid rq-order' : 'acc-field rq-order'}
          >
            <label htmlFor={`${id}-order-${p.key}`}>{t('upload.order', { n })}</label>
            <input
              id={`${id}-order-${p.key}`}
              type="number"
              inputMode="numeric"
              min={SIGNER_ORDER.min}
              max={SIGNER_ORDER.max}
              value={p.order}
              aria-invalid={orderErr ? true : undefined}
              onChange={(e) => change(p.key, { order: e.currentTarget.value })}
            />
          </div>
        )}
        <div
          className={
            err ? 'acc-field acc-field--invalid rq-person__email' : 'acc-field rq-person__email'
          }
        >
          <label htmlFor={`${id}-${kind}-${p.key}`}>{t(`upload.${kind}Email`, { n })}</label>
          <input
            id={`${id}-${kind}-${p.key}`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={p.email}
            aria-invalid={err ? true : undefined}
            aria-describedby={err ? `${id}-${kind}-${p.key}-error` : undefined}
            onChange={(e) => change(p.key, { email: e.currentTarget.value })}
          />
          {err && (
            <p className="acc-field__error" id={`${id}-${kind}-${p.key}-error`}>
              {err}
            </p>
          )}
        </div>
        {kind === 'signer' && documents.length > 0 && (
          <button
            type="button"
            className="btn btn--text"
            data-testid="place-signer"
            onClick={() =>
              openPlaceSignatureOverlay(
                t,
                t('trust:place.heading', { who: p.email.trim() || t('upload.signerEmail', { n }) }),
                documents,
                p.placements ?? [],
                (placements) => change(p.key, { placements }),
              )
            }
          >
            {p.placements?.length ? t('trust:place.moveButton') : t('trust:place.button')}
          </button>
        )}
        {(kind === 'observer' || list.length > 1) && (
          <button
            type="button"
            className="btn btn--text rq-person__remove"
            onClick={() => set((all) => all.filter((x) => x.key !== p.key))}
          >
            {t(`upload.remove${kind === 'signer' ? 'Signer' : 'Observer'}`, { n })}
          </button>
        )}
      </li>
    );
  });
}
