import { PAGE_SCALE } from '@signet/shared/document/document.constants';
import { useEffect, useRef, useState } from 'react';
import { fetchPage } from '../../requests/PageImage.tsx';
import { loadPageImage } from '../../requests/page-image.ts';
import { initialBox, moveBox, type TBox } from './placement.ts';

/** Points per pixel of a page image at the default scale (100 %: one pixel per point). */
const PT_PER_PX = 100 / PAGE_SCALE.default;

type Props = {
  documentId: string;
  pageCount: number;
  /** The page (1-based) and box chosen so far. */
  value: { page: number; box: TBox | null };
  onChange: (value: { page: number; box: TBox }) => void;
  labels: {
    page: string;
    box: string;
    loading: string;
    failed: string;
    pageAlt: (page: number) => string;
  };
};

/**
 * Places a signature box on a page image, as a sender (for a signer) or a signer (for themselves):
 * choose the page, then drag the box (mouse, pen or finger) or move it with the arrow keys (Shift
 * for larger steps). Positions are PDF points from the page's top-left corner: the page image at
 * the default scale has one pixel per point, so the box follows the image whatever its display
 * size. The box cannot leave the page. A separate component the document viewer can host.
 */
export function SignatureBoxPlacer({ documentId, pageCount, value, onChange, labels }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [shown, setShown] = useState(1);
  const img = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; box: TBox } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    setUrl(null);
    setNatural(null);
    setFailed(false);
    void loadPageImage(() => fetchPage(documentId, value.page, controller.signal), {
      signal: controller.signal,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onGiveUp: () => console.error('Failed to load data'),
    }).then((blob) => {
      if (controller.signal.aborted) return;
      if (!blob) return setFailed(true);
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [documentId, value.page]);

  const page = natural
    ? { width: natural.width * PT_PER_PX, height: natural.height * PT_PER_PX }
    : { width: 595.28, height: 841.89 };
  const box = value.box ? moveBox(value.box, 0, 0, page) : null;

  useEffect(() => {
    if (natural && !value.box) onChange({ page: value.page, box: initialBox(page) });
  }, [natural, value.box]);

  useEffect(() => {
    const el = img.current;
    if (!el || !natural) return;
    // Display pixels per point.
    const update = () => setShown(el.clientWidth / (natural.width * PT_PER_PX));
    update();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [natural]);

  return (
    <div className="tr-stack" data-testid="signature-placer">
      {pageCount > 1 && (
        <label className="acc-field">
          <span>{labels.page}</span>
          <select
            value={value.page}
            onChange={(e) =>
              onChange({
                page: Number(e.currentTarget.value),
                box: box ?? { x: 20, y: 20, width: 300, height: 140 },
              })
            }
          >
            {Array.from({ length: pageCount }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
      )}
      {failed && <p role="alert">{labels.failed}</p>}
      {!url && !failed && <p role="status">{labels.loading}</p>}
      {url && (
        <div className="tr-place">
          <img
            ref={img}
            src={url}
            alt={labels.pageAlt(value.page)}
            draggable={false}
            onLoad={(e) =>
              setNatural({
                width: e.currentTarget.naturalWidth,
                height: e.currentTarget.naturalHeight,
              })
            }
          />
          {box && natural && (
            <button
              type="button"
              className="tr-place__box"
              aria-label={labels.box}
              data-testid="signature-box"
              data-x={box.x}
              data-y={box.y}
              style={{
                left: box.x * shown,
                top: box.y * shown,
                width: box.width * shown,
                height: box.height * shown,
              }}
              onPointerDown={(e) => {
                e.currentTarget.setPointerCapture(e.pointerId);
                drag.current = { x: e.clientX, y: e.clientY, box };
                e.preventDefault();
              }}
              onPointerMove={(e) => {
                const start = drag.current;
                if (!start) return;
                const dx = (e.clientX - start.x) / shown;
                const dy = (e.clientY - start.y) / shown;
                onChange({ page: value.page, box: moveBox(start.box, dx, dy, page) });
              }}
              onPointerUp={() => {
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
                onChange({
                  page: value.page,
                  box: moveBox(box, d[0] as number, d[1] as number, page),
                });
              }}
            >
              {labels.box}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
