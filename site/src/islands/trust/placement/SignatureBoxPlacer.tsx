import { useEffect, useRef } from 'react';
import {
  DocumentViewer,
  type TViewerDocument,
} from '../../../components/viewer/DocumentViewer.tsx';
import { apiPageSource } from '../../../components/viewer/page-source.ts';
import { pageBoxStyle, type TPageBox } from '../../../components/viewer/viewer-model.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { initialBox, moveBox, type TBox } from './placement.ts';

/** Where a document's signature goes: its page (1-based) and box in points. */
export type TPlacement = { page: number; box: TBox };

type Props = {
  t: TFunction;
  documents: readonly TViewerDocument[];
  /** Each document's placement chosen so far (by document id). */
  value: ReadonlyMap<string, TPlacement>;
  onChange: (documentId: string, placement: TPlacement) => void;
};

/**
 * Places a signature box per document, as a sender (for a signer) or a signer (for themselves),
 * in the document viewer (`renderPageOverlay`): the box starts at the bottom right of the last
 * page; drag it (mouse, pen or finger) or move it with the arrow keys (Shift for larger steps),
 * and "Put the signature here" on any other page moves it there. Positions are PDF points from
 * the page's top-left corner, so the box follows the page at every zoom; it cannot leave the page.
 */
export function SignatureBoxPlacer({ t, documents, value, onChange }: Props) {
  const pageCount = (id: string) => documents.find((d) => d.id === id)?.page_count ?? 1;
  return (
    <div className="tr-placer" data-testid="signature-placer">
      <DocumentViewer
        t={t}
        documents={documents}
        source={apiPageSource()}
        label={t('trust:place.viewer')}
        renderPageOverlay={(page) => (
          <PagePlacement
            t={t}
            page={page}
            placed={value.get(page.documentId) ?? null}
            defaultPage={pageCount(page.documentId)}
            onChange={(placement) => onChange(page.documentId, placement)}
          />
        )}
      />
    </div>
  );
}

function PagePlacement({
  t,
  page,
  placed,
  defaultPage,
  onChange,
}: {
  t: TFunction;
  page: TPageBox;
  placed: TPlacement | null;
  defaultPage: number;
  onChange: (placement: TPlacement) => void;
}) {
  const drag = useRef<{ x: number; y: number; box: TBox } | null>(null);
  const here = placed ? placed.page === page.page : page.page === defaultPage;
  const box = here ? moveBox(placed?.box ?? initialBox(page.size), 0, 0, page.size) : null;
  const same =
    placed !== null &&
    box !== null &&
    placed.box.x === box.x &&
    placed.box.y === box.y &&
    placed.box.width === box.width &&
    placed.box.height === box.height;

  // What is shown is what is kept: the default place, and a box the page's real size moved.
  useEffect(() => {
    if (box && !same) onChange({ page: page.page, box });
  }, [box?.x, box?.y, box?.width, box?.height, same]);

  if (!box) {
    return (
      <button
        type="button"
        className="btn btn--secondary tr-place__here"
        onClick={() =>
          onChange({
            page: page.page,
            box: moveBox(placed?.box ?? initialBox(page.size), 0, 0, page.size),
          })
        }
      >
        {t('trust:place.here')}
      </button>
    );
  }
  const move = (from: TBox, dx: number, dy: number) =>
    onChange({ page: page.page, box: moveBox(from, dx, dy, page.size) });
  return (
    <button
      type="button"
      className="tr-place__box"
      aria-label={t('trust:place.boxOnPage', { page: page.page })}
      data-testid="signature-box"
      data-page={page.page}
      data-x={box.x}
      data-y={box.y}
      style={pageBoxStyle(page, box)}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, y: e.clientY, box };
        e.preventDefault();
      }}
      onPointerMove={(e) => {
        const start = drag.current;
        if (!start) return;
        move(start.box, (e.clientX - start.x) / page.pxPerPt, (e.clientY - start.y) / page.pxPerPt);
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 20 : 5;
        const d = {
          ArrowLeft: [-step, 0],
          ArrowRight: [step, 0],
          ArrowUp: [0, -step],
          ArrowDown: [0, step],
        }[e.key];
        if (!d) return;
        e.preventDefault();
        move(box, d[0] as number, d[1] as number);
      }}
    >
      {t('trust:place.box')}
    </button>
  );
}
