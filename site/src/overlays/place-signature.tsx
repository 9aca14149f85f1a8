import type { TDocumentSignature } from '@signet/shared/signature-request/signature-request.schema';
import { useId, useState } from 'react';
import { SignatureBoxPlacer } from '../islands/trust/placement/SignatureBoxPlacer.tsx';
import type { TFunction } from '../lib/i18n.ts';
import { type OverlayContext, openOverlay } from '../stores/modals.ts';

export type TPlaceDocument = { id: string; title: string; page_count: number };

/**
 * The place-signature overlay: a signature box per document, dragged onto the page where the
 * signature belongs. `complete` hands the placements (`document_signatures`) to `done`.
 */
export function openPlaceSignatureOverlay(
  t: TFunction,
  heading: string,
  documents: readonly TPlaceDocument[],
  current: readonly TDocumentSignature[],
  done: (placements: TDocumentSignature[]) => void,
  cancelled?: () => void,
): number {
  const state = new Map<string, TDocumentSignature>(current.map((p) => [p.document_id, p]));
  return openOverlay({
    name: 'place-signature',
    content: (o) => (
      <PlaceBody
        t={t}
        o={o}
        heading={heading}
        documents={documents}
        state={state}
        cancelled={cancelled}
      />
    ),
    actions: {
      complete: () => done([...state.values()]),
    },
  });
}

function PlaceBody({
  t,
  o,
  heading,
  documents,
  state,
  cancelled,
}: {
  t: TFunction;
  o: OverlayContext;
  heading: string;
  documents: readonly TPlaceDocument[];
  state: Map<string, TDocumentSignature>;
  cancelled?: (() => void) | undefined;
}) {
  const id = useId();
  const [, render] = useState(0);
  return (
    <div className="rq-overlay" data-testid="place-signature">
      <div className="rq-overlay__box rq-overlay__box--wide">
        <h1 id={`${id}-title`}>{heading}</h1>
        <p className="rq-overlay__lead">{t('trust:place.lead')}</p>
        <SignatureBoxPlacer
          t={t}
          documents={documents}
          value={
            new Map(
              [...state.values()].map((p) => [
                p.document_id,
                { page: p.page, box: { x: p.x, y: p.y, width: p.width, height: p.height } },
              ]),
            )
          }
          onChange={(documentId, { page, box }) => {
            state.set(documentId, { document_id: documentId, page, ...box });
            render((n) => n + 1);
          }}
        />
        <div className="rq-overlay__actions">
          <button
            type="button"
            className="btn btn--text"
            onClick={() => {
              o.close();
              cancelled?.();
            }}
          >
            {t('trust:dialog.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={o.loading !== null}
            onClick={() => void o.run('complete')}
            data-testid="place-confirm"
          >
            {t('trust:place.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
