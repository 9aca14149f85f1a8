import { useEffect, useRef } from 'react';

/** What the pad hands out: the drawing as a PNG, or null while it is empty. */
export type PadHandle = {
  toBlob: () => Promise<Blob | null>;
  clear: () => void;
  isEmpty: () => boolean;
};

/**
 * A drawing pad for a handwritten signature: pointer events (mouse, pen, finger) draw smooth
 * strokes on a transparent canvas twice the CSS size; the page never scrolls while drawing.
 */
export function SignaturePad({
  label,
  onReady,
  onChange,
}: {
  label: string;
  onReady: (pad: PadHandle) => void;
  onChange?: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const scale = 2;
    const resize = () => {
      c.width = c.clientWidth * scale;
      c.height = c.clientHeight * scale;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 2.5 * scale;
      ctx.strokeStyle = '#14213d';
    };
    resize();
    let drawing = false;
    let empty = true;
    let last: { x: number; y: number } | null = null;
    const at = (e: PointerEvent) => {
      const r = c.getBoundingClientRect();
      return { x: (e.clientX - r.left) * scale, y: (e.clientY - r.top) * scale };
    };
    const down = (e: PointerEvent) => {
      drawing = true;
      last = at(e);
      c.setPointerCapture(e.pointerId);
      e.preventDefault();
    };
    const move = (e: PointerEvent) => {
      if (!drawing || !last) return;
      const p = at(e);
      ctx.beginPath();
      ctx.moveTo(last.x, last.y);
      ctx.quadraticCurveTo(last.x, last.y, (last.x + p.x) / 2, (last.y + p.y) / 2);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
      last = p;
      empty = false;
      e.preventDefault();
    };
    const up = () => {
      if (drawing) onChange?.();
      drawing = false;
      last = null;
    };
    c.addEventListener('pointerdown', down);
    c.addEventListener('pointermove', move);
    c.addEventListener('pointerup', up);
    c.addEventListener('pointercancel', up);
    onReady({
      toBlob: () =>
        empty
          ? Promise.resolve(null)
          : new Promise((resolve) => c.toBlob((b) => resolve(b), 'image/png')),
      clear: () => {
        ctx.clearRect(0, 0, c.width, c.height);
        empty = true;
        onChange?.();
      },
      isEmpty: () => empty,
    });
    return () => {
      c.removeEventListener('pointerdown', down);
      c.removeEventListener('pointermove', move);
      c.removeEventListener('pointerup', up);
      c.removeEventListener('pointercancel', up);
    };
  }, []);
  return <canvas ref={canvas} className="tr-pad" aria-label={label} data-testid="signature-pad" />;
}
