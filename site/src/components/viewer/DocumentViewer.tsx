import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import type { TPageSource } from './page-source.ts';
import { ViewerPage } from './ViewerPage.tsx';
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  pageCssWidth,
  parsePageNumber,
  stepZoom,
  type TPageBox,
  type TPageSize,
  type TZoom,
  ZOOMS,
} from './viewer-model.ts';
import './viewer.css';

/** A document as the viewer needs it. */
export type TViewerDocument = { id: string; title: string; page_count: number };

export type DocumentViewerProps = {
  t: TFunction;
  documents: readonly TViewerDocument[];
  source: TPageSource;
  /**
   * Elements laid over each page at page coordinates (visual signatures and their placement):
   * called per shown page with where the page sits; see `pageBoxStyle` in viewer-model.ts.
   */
  renderPageOverlay?: (box: TPageBox) => ReactNode;
  /** Heading level-2 text of the viewer's region (default: "Document preview"). */
  label?: string;
};

/** Thumbnails are shown from this viewport width on (desktop). */
const THUMBNAILS_MEDIA = '(min-width: 1100px)';
const THUMB_WIDTH = 96;

/**
 * The document viewer of the request page, the upload page and the direct signer's page: one
 * document at a time (tabs switch between several), every page in one scroll with lazy images,
 * a toolbar that stays in view (previous / next, the page number to type, the page count, zoom:
 * fit width, 100 %, 200 %), thumbnails on wide screens, and keys (← → or PageUp/PageDown over
 * the pages, + and −). Images are asked for at the shown width × the device pixel ratio, in the
 * stored scales, so text is sharp on high-density screens.
 */
export function DocumentViewer({
  t,
  documents,
  source,
  renderPageOverlay,
  label,
}: DocumentViewerProps) {
  const id = useId();
  const [docIndex, setDocIndex] = useState(0);
  const doc = documents[Math.min(docIndex, documents.length - 1)];
  const count = doc?.page_count ?? 0;
  const [zoom, setZoom] = useState<TZoom>('fit');
  const [current, setCurrent] = useState(1);
  const [typed, setTyped] = useState<string | null>(null);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const [sizes, setSizes] = useState<ReadonlyMap<number, TPageSize>>(() => new Map());
  const [available, setAvailable] = useState<number | null>(null);
  const [dpr, setDpr] = useState(1);
  const [thumbs, setThumbs] = useState(false);
  const [top, setTop] = useState(0);
  const pagesRef = useRef<HTMLElement>(null);
  const railRef = useRef<HTMLElement>(null);
  const pageEls = useRef(new Map<number, HTMLElement>());
  const thumbEls = useRef(new Map<number, HTMLElement>());
  const [nearThumbs, setNearThumbs] = useState<ReadonlySet<number>>(() => new Set());

  // A new document starts at its first page, with what is known about its pages forgotten.
  useEffect(() => {
    setCurrent(1);
    setNear(new Set([1]));
    setSizes(new Map());
  }, [doc?.id]);

  // The screen: density, width available for pages, thumbnails, and what sticks above.
  useEffect(() => {
    const el = pagesRef.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      setAvailable(el.clientWidth - padding);
      setDpr(window.devicePixelRatio || 1);
      const header = document.querySelector<HTMLElement>('.header');
      setTop(header && getComputedStyle(header).position === 'sticky' ? header.offsetHeight : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    const media = window.matchMedia(THUMBNAILS_MEDIA);
    const onMedia = () => setThumbs(media.matches);
    onMedia();
    media.addEventListener('change', onMedia);
    return () => {
      observer.disconnect();
      media.removeEventListener('change', onMedia);
    };
  }, []);

  // Which pages are near the viewport (their images load), and which one is being read.
  useEffect(() => {
    const els = [...pageEls.current.entries()];
    if (els.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const pageOf = new Map(els.map(([n, el]) => [el, n]));
    const nearNow = new Set<number>();
    const loading = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = pageOf.get(e.target as HTMLElement);
          if (n === undefined) continue;
          if (e.isIntersecting) nearNow.add(n);
          else nearNow.delete(n);
        }
        setNear(new Set(nearNow));
      },
      { rootMargin: '120% 0px' },
    );
    const reading = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((e) => e.isIntersecting);
        const n = hit ? pageOf.get(hit.target as HTMLElement) : undefined;
        if (n !== undefined) setCurrent(n);
      },
      { rootMargin: '-35% 0px -64% 0px' },
    );
    for (const [, el] of els) {
      loading.observe(el);
      reading.observe(el);
    }
    return () => {
      loading.disconnect();
      reading.disconnect();
    };
  }, [doc?.id, count]);

  // Thumbnails load as they scroll into the rail.
  useEffect(() => {
    const rail = railRef.current;
    if (!thumbs || !rail || typeof IntersectionObserver === 'undefined') return;
    const els = [...thumbEls.current.entries()];
    const pageOf = new Map(els.map(([n, el]) => [el, n]));
    const seen = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = pageOf.get(e.target as HTMLElement);
          if (n !== undefined && e.isIntersecting) seen.add(n);
        }
        setNearThumbs(new Set(seen));
      },
      { root: rail, rootMargin: '200px 0px' },
    );
    for (const [, el] of els) observer.observe(el);
    return () => observer.disconnect();
  }, [thumbs, doc?.id, count]);

  // The current page's thumbnail stays in view in the rail.
  useEffect(() => {
    const rail = railRef.current;
    const el = thumbEls.current.get(current);
    if (!thumbs || !rail || !el) return;
    const top = el.offsetTop - rail.offsetTop;
    if (top < rail.scrollTop || top + el.offsetHeight > rail.scrollTop + rail.clientHeight) {
      rail.scrollTop = top - rail.clientHeight / 2 + el.offsetHeight / 2;
    }
  }, [current, thumbs]);

  const firstSize = sizes.get(1) ?? DEFAULT_PAGE_SIZE;
  const sizeOf = useCallback((n: number) => sizes.get(n) ?? firstSize, [sizes, firstSize]);
  const onSize = useCallback((n: number, size: TPageSize) => {
    setSizes((known) => {
      // A page's size is learned once: a page has one size, and learning it again from another
      // of its images (page and thumbnail, at other scales) could change the scale asked for
      // in a loop — the request storm of a page still being drawn.
      if (known.has(n)) return known;
      const next = new Map(known);
      next.set(n, size);
      return next;
    });
  }, []);

  const goTo = useCallback(
    (n: number, focus = true) => {
      const page = clampPage(n, count);
      const el = pageEls.current.get(page);
      setCurrent(page);
      setTyped(null);
      setNear((was) => new Set([...was, page]));
      if (!el) return;
      el.scrollIntoView({ block: 'start' });
      if (focus) el.focus({ preventScroll: true });
    },
    [count],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, select, textarea, button')) return;
    const go: Record<string, () => void> = {
      ArrowRight: () => goTo(current + 1),
      ArrowLeft: () => goTo(current - 1),
      PageDown: () => goTo(current + 1),
      PageUp: () => goTo(current - 1),
      Home: () => goTo(1),
      End: () => goTo(count),
      '+': () => setZoom((z) => stepZoom(z, 1)),
      '=': () => setZoom((z) => stepZoom(z, 1)),
      '-': () => setZoom((z) => stepZoom(z, -1)),
    };
    const run = go[e.key];
    if (!run || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    run();
  };

  const pages = useMemo(() => Array.from({ length: count }, (_, i) => i + 1), [count]);
  if (!doc) return null;
  const width = (n: number) => pageCssWidth(zoom, available ?? 720, sizeOf(n));
  const zoomLabel = (z: TZoom) =>
    z === 'fit' ? t('requests:viewer.fit') : t('requests:viewer.percent', { percent: z * 100 });
  const typedPage = typed === null ? null : parsePageNumber(typed, count);
  /** What a page and its thumbnail share. */
  const pageProps = (n: number) => ({
    t,
    documentId: doc.id,
    title: doc.title,
    page: n,
    pages: count,
    size: sizeOf(n),
    dpr,
    source,
    onSize,
  });

  return (
    <section
      className="dv"
      aria-labelledby={`${id}-label`}
      style={{ ['--dv-top' as string]: `${top}px` }}
      data-testid="document-viewer"
      data-document={doc.id}
      data-current-page={current}
    >
      <h2 id={`${id}-label`} className="acc-visually-hidden">
        {label ?? t('requests:viewer.label')}
      </h2>
      {documents.length > 1 && (
        <fieldset className="dv-docs" aria-label={t('requests:viewer.documents')}>
          {documents.map((d, i) => (
            <button
              key={d.id}
              type="button"
              className="btn btn--text"
              aria-pressed={d.id === doc.id}
              onClick={() => setDocIndex(i)}
            >
              {d.title}
            </button>
          ))}
        </fieldset>
      )}
      <div className="dv-bar" role="toolbar" aria-label={t('requests:viewer.toolbar')}>
        <div className="dv-bar__pages">
          <button
            type="button"
            className="btn btn--text dv-bar__step"
            aria-label={t('requests:viewer.prev')}
            disabled={current <= 1}
            onClick={() => goTo(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          {/* Not a form: the viewer also sits inside the upload page's form, where Enter would send. */}
          <div className="dv-bar__jump">
            <label htmlFor={`${id}-page`} className="acc-visually-hidden">
              {t('requests:viewer.pageInput', { count })}
            </label>
            <input
              id={`${id}-page`}
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="go"
              size={Math.max(2, String(count).length)}
              value={typed ?? String(current)}
              aria-invalid={typed !== null && typedPage === null ? true : undefined}
              onFocus={(e) => e.currentTarget.select()}
              onChange={(e) => setTyped(e.currentTarget.value)}
              onBlur={() => setTyped(null)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (typedPage !== null) goTo(typedPage);
              }}
            />
            <span className="dv-bar__count">{t('requests:viewer.pageOf', { count })}</span>
          </div>
          <button
            type="button"
            className="btn btn--text dv-bar__step"
            aria-label={t('requests:viewer.next')}
            disabled={current >= count}
            onClick={() => goTo(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
        <fieldset className="dv-bar__zoom" aria-label={t('requests:viewer.zoom')}>
          {ZOOMS.map((z) => (
            <button
              key={String(z)}
              type="button"
              className="btn btn--text"
              aria-pressed={zoom === z}
              onClick={() => setZoom(z)}
            >
              {zoomLabel(z)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="dv-body">
        {thumbs && (
          <nav className="dv-rail" ref={railRef} aria-label={t('requests:viewer.thumbnails')}>
            <ol>
              {pages.map((n) => (
                <li
                  key={n}
                  ref={(el) => {
                    if (el) thumbEls.current.set(n, el);
                    else thumbEls.current.delete(n);
                  }}
                >
                  <button
                    type="button"
                    className="dv-thumb"
                    aria-current={n === current ? 'page' : undefined}
                    aria-label={t('requests:viewer.thumbnail', { page: n })}
                    onClick={() => goTo(n)}
                  >
                    <ViewerPage
                      {...pageProps(n)}
                      width={THUMB_WIDTH}
                      near={nearThumbs.has(n)}
                      eager={false}
                      overlay={undefined}
                      thumbnail
                    />
                    <span className="dv-thumb__n" aria-hidden="true">
                      {n}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <section
          className={zoom === 'fit' ? 'dv-pages' : 'dv-pages dv-pages--zoomed'}
          ref={pagesRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll and take the viewer's keys
          tabIndex={0}
          aria-label={t('requests:viewer.pages', { title: doc.title })}
          onKeyDown={onKeyDown}
        >
          {pages.map((n) => (
            <div
              key={`${doc.id}-${n}`}
              className="dv-slot"
              data-page={n}
              tabIndex={-1}
              ref={(el) => {
                if (el) pageEls.current.set(n, el);
                else pageEls.current.delete(n);
              }}
            >
              <ViewerPage
                {...pageProps(n)}
                width={width(n)}
                near={near.has(n)}
                eager={n === 1}
                overlay={renderPageOverlay}
              />
            </div>
          ))}
        </section>
      </div>
    </section>
  );
}
