import { PAGE_SCALE } from '@signet/shared/document/document.constants';
import { useEffect, useRef, useState } from 'react';
import { api, fetchFile } from '../../lib/api.ts';
import { loadPageImage, type TPageAttempt } from './page-image.ts';

/** One attempt at page `n` of a document at the default scale (spec section 9). */
export async function fetchPage(id: string, n: number, signal: AbortSignal): Promise<TPageAttempt> {
  try {
    const input = { params: { id, n }, query: { scale: PAGE_SCALE.default } };
    const response = await fetchFile(api.getDocumentPage, input, signal);
    if (response.ok) return { ok: true, blob: await response.blob() };
    return { ok: false, status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { ok: false };
  }
}

/** One attempt at a URL that authorises itself (a direct signer's page with its token). */
async function fetchUrl(url: string, signal: AbortSignal): Promise<TPageAttempt> {
  try {
    const response = await fetch(url, { signal });
    if (response.ok) return { ok: true, blob: await response.blob() };
    return { ok: false, status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { ok: false };
  }
}

type Props = {
  documentId: string;
  page: number;
  alt: string;
  failedText: string;
  loadingText: string;
  /**
   * A URL that authorises itself (a direct signer's page image with its document token): the
   * browser loads it as a plain image, already from the server-rendered page, and only a failed
   * load (503 while rendering) goes through the retries.
   */
  src?: string;
  /** With `src`: load at once rather than when the page scrolls near (the first page). */
  eager?: boolean;
};

/**
 * One page image of a document, loaded when it scrolls near the viewport, with the spec's
 * page-image retries (the server answers 503 + Retry-After while it renders). The request needs
 * the bearer token, so the image arrives as a blob URL (unless `src` authorises itself).
 */
export function PageImage(props: Props) {
  const [native, setNative] = useState(props.src !== undefined);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before the page came alive fired its error unheard: look once.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setNative(false);
  }, []);
  if (native && props.src) {
    return (
      <div className="rq-sheet" data-page={props.page}>
        <img
          ref={img}
          src={props.src}
          alt={props.alt}
          loading={props.eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setNative(false)}
        />
      </div>
    );
  }
  return <FetchedPageImage {...props} />;
}

function FetchedPageImage({ documentId, page, alt, failedText, loadingText, src }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({
    url: null,
    failed: false,
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    let url: string | null = null;
    const attempt = () =>
      src ? fetchUrl(src, controller.signal) : fetchPage(documentId, page, controller.signal);
    void loadPageImage(attempt, {
      signal: controller.signal,
      sleep: (ms) =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, ms);
          controller.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        }),
      onGiveUp: () => console.error('Failed to load data'),
    }).then((blob) => {
      if (controller.signal.aborted) return;
      if (!blob) {
        setState({ url: null, failed: true });
        return;
      }
      url = URL.createObjectURL(blob);
      setState({ url, failed: false });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [visible, documentId, page, src]);

  return (
    <div ref={box} className="rq-sheet" data-page={page}>
      {state.url ? (
        <img src={state.url} alt={alt} />
      ) : (
        <div className="rq-sheet__placeholder" role={state.failed ? 'alert' : 'status'}>
          {state.failed ? failedText : loadingText}
        </div>
      )}
    </div>
  );
}
