import { PAGE_IMAGE_SCALES } from '@signet/shared/document/document.constants';
import { type ReactNode, useEffect, useState } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import { pageImageUrl, scaleOfUrl, type TPageSource } from './page-source.ts';
import { imageScale, pageSizeFromImage, type TPageBox, type TPageSize } from './viewer-model.ts';

type Props = {
  t: TFunction;
  documentId: string;
  title: string;
  page: number;
  pages: number;
  /** The page's size in points (learned from its image, else the document's first, else A4). */
  size: TPageSize;
  /** The CSS width the page is shown at. */
  width: number;
  /** Near the viewport (or eager): its image loads. */
  near: boolean;
  eager: boolean;
  dpr: number;
  source: TPageSource;
  /** Tells the viewer the page's real size once its image is there. */
  onSize: (page: number, size: TPageSize) => void;
  overlay: ((box: TPageBox) => ReactNode) | undefined;
  /** The element of a thumbnail rather than a page. */
  thumbnail?: boolean;
};

/**
 * One page: a box of the page's proportions (so the document's height is right before anything
 * loads), its image once near the viewport at the scale the shown width needs on this screen,
 * and the elements laid over it at page coordinates. A larger image replaces a smaller one only
 * when it has loaded.
 */
export function ViewerPage(props: Props) {
  const { t, documentId, page, size, width, near, eager, dpr, source, onSize, overlay } = props;
  const scale = imageScale(width, size, dpr);
  const [shown, setShown] = useState<{ url: string; scale: number } | null>(null);
  const [failed, setFailed] = useState(false);
  // A self-authorising URL loads as a plain image first; after an error, through the retries.
  const [fetched, setFetched] = useState(source.kind === 'api');

  useEffect(() => {
    if (!fetched || !(near || eager)) return;
    if (shown && shown.scale >= scale) return;
    let live = true;
    const image = pageImageUrl(source, documentId, page, scale);
    void image.url.then((url) => {
      if (!live) return;
      if (url) setShown({ url, scale });
      else if (!shown) setFailed(true);
    });
    return () => {
      live = false;
      image.release();
    };
  }, [fetched, near, eager, shown, scale, source, documentId, page]);

  const alt = props.thumbnail
    ? ''
    : t('requests:viewer.pageAlt', { page, pages: props.pages, title: props.title });
  const learn = (img: HTMLImageElement, imageScaleUsed: number | null) => {
    const learned = imageScaleUsed
      ? pageSizeFromImage(img.naturalWidth, img.naturalHeight, imageScaleUsed)
      : null;
    if (learned) onSize(page, learned);
  };

  let image: ReactNode = null;
  if (source.kind === 'url' && !fetched && (near || eager)) {
    const { src } = source;
    image = (
      <img
        src={src(documentId, page, scale)}
        srcSet={PAGE_IMAGE_SCALES.map(
          (s) => `${src(documentId, page, s)} ${Math.round((size.width * s) / 100)}w`,
        ).join(', ')}
        sizes={`${Math.round(width)}px`}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onLoad={(e) => learn(e.currentTarget, scaleOfUrl(e.currentTarget.currentSrc))}
        onError={() => setFetched(true)}
        ref={(el) => {
          // An image that failed before the page came alive fired its error unheard.
          if (el?.complete && el.naturalWidth === 0 && el.currentSrc) setFetched(true);
        }}
      />
    );
  } else if (shown) {
    image = (
      <img
        src={shown.url}
        alt={alt}
        decoding="async"
        onLoad={(e) => learn(e.currentTarget, shown.scale)}
      />
    );
  }

  const box: TPageBox = { documentId, page, size, pxPerPt: width / size.width };
  return (
    <div
      className={props.thumbnail ? 'dv-thumb__sheet' : 'dv-page'}
      style={{ width: `${width}px`, aspectRatio: `${size.width} / ${size.height}` }}
      aria-busy={image === null && !failed ? true : undefined}
    >
      {image ??
        (failed ? (
          <span className="dv-page__note" role={props.thumbnail ? undefined : 'alert'}>
            {props.thumbnail ? '' : t('requests:viewer.pageFailed')}
          </span>
        ) : props.thumbnail ? null : (
          <span className="dv-page__note" aria-hidden="true">
            {t('requests:viewer.loading', { page })}
          </span>
        ))}
      {overlay && !props.thumbnail && <div className="dv-page__overlay">{overlay(box)}</div>}
    </div>
  );
}
