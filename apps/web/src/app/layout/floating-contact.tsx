import { MessageCircle, Phone, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSiteSettings } from '../../features/site-settings/use-site-settings';
import { LineIcon, MessengerIcon } from './social-icons';

/** What a finger or a mouse may need under the button: it steps aside for any of them. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/** Whether any control of the page (outside the box itself) lies, even partly, under the box. */
function controlBeneath(box: HTMLElement): boolean {
  const r = box.getBoundingClientRect();
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
    if (box.contains(element)) continue;
    const c = element.getBoundingClientRect();
    if (c.width === 0 || c.height === 0) continue;
    if (c.right > r.left && c.left < r.right && c.bottom > r.top && c.top < r.bottom) return true;
  }
  return false;
}

/**
 * LINE, Messenger and phone: the channels Thai customers actually use, always one tap away.
 * On a phone they fold into one button (three stacked ones covered a 64 × 170 px corner of
 * every page, a booking's status among it); wider screens have the room for all three.
 *
 * It never covers a control (docs/decisions/3502): whenever a button, link or field of the
 * page passes beneath it, the closed button fades out until the control has scrolled on (the
 * first car's "Book now", a form field's right edge, a sticky pay bar). Opened, the channels
 * unfold sideways in one row, and the footer keeps a strip that tall free at the page's end,
 * so opening it at the bottom covers nothing (it used to stack upwards over the newsletter field).
 */
export function FloatingContact() {
  const { t } = useTranslation('common');
  const { data } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const [covering, setCovering] = useState(false);
  const box = useRef<HTMLElement>(null);
  const contact = data?.contact;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      // Opened, or focused from the keyboard, it is what the visitor is using: it stays.
      if (open || element.contains(document.activeElement)) return setCovering(false);
      setCovering(controlBeneath(element));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    // The page under it also changes without a scroll: a page loads, a section unfolds.
    const resized = new ResizeObserver(soon);
    resized.observe(document.body);
    // ...and without the page changing size: on My bookings the "Send pictures of the licences"
    // button came a moment after the list, in room the list already took, so nothing was resized and
    // the button stayed over it (or, the other way round, faded out after it had been seen; the
    // site-frame journey flaked on that). Any change to the page's elements or a font arriving
    // checks again, still at most once a frame.
    const changed = new MutationObserver(soon);
    changed.observe(document.body, { childList: true, subtree: true, characterData: true });
    document.fonts?.addEventListener('loadingdone', soon);
    return () => {
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      resized.disconnect();
      changed.disconnect();
      document.fonts?.removeEventListener('loadingdone', soon);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [open, contact]);

  if (!contact) return null;
  const lineHref = `https://line.me/R/ti/p/${encodeURIComponent(contact.lineId)}`;
  const phone = contact.phones[0];
  const button = 'flex h-12 w-12 items-center justify-center rounded-full shadow-lg ring-2 ring-white';
  return (
    <aside
      ref={box}
      aria-label={t('floating.label')}
      data-testid="floating-contact"
      data-covering={covering || undefined}
      className={`no-print fixed right-4 bottom-4 z-30 flex flex-row items-end gap-3 transition-opacity motion-reduce:transition-none ${
        covering ? 'invisible opacity-0' : 'opacity-100'
      }`}
    >
      <div id="floating-channels" className={`${open ? 'flex' : 'hidden'} flex-row gap-3 md:flex`}>
        <a
          href={lineHref}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('floating.line')}
          className={`${button} bg-[#06803A] text-white`}
        >
          <LineIcon size={26} />
        </a>
        <a
          href={contact.messengerUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('floating.messenger')}
          className={`${button} bg-[#0866FF] text-white`}
        >
          <MessengerIcon size={26} />
        </a>
        {phone && (
          <a
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            aria-label={t('floating.call')}
            className={`${button} bg-action-500 text-slate-900`}
          >
            <Phone aria-hidden size={22} />
          </a>
        )}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="floating-channels"
        onClick={() => setOpen(!open)}
        className={`${button} bg-brand-700 text-white md:hidden`}
      >
        {open ? <X aria-hidden size={22} /> : <MessageCircle aria-hidden size={24} />}
        <span className="sr-only">{t('floating.label')}</span>
      </button>
    </aside>
  );
}
