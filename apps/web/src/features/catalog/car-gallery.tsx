import { ChevronLeft, ChevronRight, Maximize2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { CarDetails } from '@siam/contract/catalog';
import { fallbackCarPicture, pictureSizes } from '@siam/contract/images';
import { ResponsiveImg } from '../../lib/responsive-img';

/** The car's pictures, with a fullscreen view walked by arrow keys, buttons or a swipe. */
export function CarGallery({ car }: { car: CarDetails }) {
  const { t } = useTranslation('catalog');
  // A model without pictures shows the drawing its id picks (spec §2, as the listing's card does).
  const images = car.images.length
    ? car.images
    : [{ url: fallbackCarPicture(car.car_model_id), width: 800, height: 500 }];
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const current = images[index] ?? images[0]!;
  const alt = (i: number) => t('gallery.alt', { name: car.car_model_name, n: i + 1, total: count });

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (fullscreen && !el.open) el.showModal();
    if (!fullscreen && el.open) el.close();
  }, [fullscreen]);

  return (
    <div>
      <div className="relative overflow-hidden rounded-xl bg-sand-50">
        <ResponsiveImg
          src={current.url}
          sizes={pictureSizes.carGallery}
          alt={alt(index)}
          width={current.width}
          height={current.height}
          fetchPriority="high"
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <button
          type="button"
          className="btn absolute right-3 bottom-3 bg-white/90 text-brand-800 shadow hover:bg-white"
          onClick={() => setFullscreen(true)}
        >
          <Maximize2 aria-hidden size={18} /> {t('gallery.fullscreen')}
        </button>
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2" aria-label={t('gallery.thumbnails')}>
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={alt(i)}
                onClick={() => setIndex(i)}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-action-500' : 'border-transparent'}`}
              >
                <ResponsiveImg
                  src={image.url}
                  sizes={pictureSizes.thumbnail}
                  alt=""
                  width={96}
                  height={60}
                  loading="lazy"
                  className="h-15 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialog}
        aria-label={t('gallery.dialogLabel', { name: car.car_model_name })}
        className="m-0 h-full max-h-none w-full max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/80"
        onClose={() => setFullscreen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(1);
          if (e.key === 'ArrowLeft') go(-1);
        }}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          go(end < start ? 1 : -1);
        }}
      >
        {fullscreen && (
          <div className="flex h-full flex-col items-center justify-center gap-4 p-4">
            <p className="text-sm" aria-live="polite" data-testid="gallery-position">
              {t('gallery.position', { n: index + 1, total: count })}
            </p>
            <ResponsiveImg
              src={current.url}
              sizes="100vw"
              alt={alt(index)}
              width={current.width}
              height={current.height}
              className="max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
            />
            <div className="flex gap-3">
              <button type="button" className="btn bg-white/15 hover:bg-white/25" onClick={() => go(-1)}>
                <ChevronLeft aria-hidden size={22} />
                <span className="sr-only">{t('gallery.previous')}</span>
              </button>
              <button
                type="button"
                className="btn bg-white/15 hover:bg-white/25"
                onClick={() => setFullscreen(false)}
              >
                <X aria-hidden size={22} /> {t('gallery.close')}
              </button>
              <button type="button" className="btn bg-white/15 hover:bg-white/25" onClick={() => go(1)}>
                <ChevronRight aria-hidden size={22} />
                <span className="sr-only">{t('gallery.next')}</span>
              </button>
            </div>
          </div>
        )}
      </dialog>
    </div>
  );
}
