import { MessageCircle, Phone, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSiteSettings } from '../../features/site-settings/use-site-settings';
import { LineIcon, MessengerIcon } from './social-icons';

/**
 * LINE, Messenger and phone: the channels Thai customers actually use, always one tap away.
 * On a phone they fold into one button (three stacked ones covered a 64 × 170 px corner of
 * every page, a booking's status among it); wider screens have the room for all three.
 */
export function FloatingContact() {
  const { t } = useTranslation('common');
  const { data } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const contact = data?.contact;
  if (!contact) return null;
  const lineHref = `https://line.me/R/ti/p/${encodeURIComponent(contact.lineId)}`;
  const phone = contact.phones[0];
  const button = 'flex h-12 w-12 items-center justify-center rounded-full shadow-lg ring-2 ring-white';
  return (
    <aside
      aria-label={t('floating.label')}
      className="no-print fixed right-4 bottom-4 z-30 flex flex-col items-end gap-3"
    >
      <div id="floating-channels" className={`${open ? 'flex' : 'hidden'} flex-col gap-3 md:flex`}>
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
