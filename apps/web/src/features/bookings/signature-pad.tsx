import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * A box to sign in with a finger, a stylus or a mouse (the rental agreement, decision 1804). Gives a
 * PNG data URL once something is drawn, null when cleared. The keyboard cannot draw: the signature is
 * the signer's own hand, and the page says who signs and offers the agreement to read first.
 */
export function SignaturePad({ label, onChange }: { label: string; onChange: (png: string | null) => void }) {
  const { t } = useTranslation('booking');
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const drawing = useRef(false);
  const inked = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Drawn at the device's pixel density, so the line is sharp on a phone.
    const ratio = window.devicePixelRatio || 1;
    c.width = c.offsetWidth * ratio;
    c.height = c.offsetHeight * ratio;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const start = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const { x, y } = point(e);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + 0.1, y + 0.1);
    ctx.stroke();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const { x, y } = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    inked.current = true;
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (inked.current && canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    inked.current = false;
    onChange(null);
  };

  return (
    <div>
      <p id={id} className="field-label">
        {label}
      </p>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={id}
        data-testid="signature-pad"
        className="h-36 w-full max-w-md touch-none rounded-lg border-2 border-dashed border-slate-500 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <button type="button" className="btn-outline mt-2" onClick={clear}>
        {t('handOver.clearSignature')}
      </button>
    </div>
  );
}
