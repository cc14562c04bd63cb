import { Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '../../features/site-settings/use-site-settings';
import { LineIcon, MessengerIcon } from './social-icons';

/** LINE, Messenger and phone: the channels Thai customers actually use, always one tap away. */
export function FloatingContact() {
  const { t } = useTranslation('common');
  const { data } = useSiteSettings();
  const contact = data?.contact;
  if (!contact) return null;
  const lineHref = `https://line.me/R/ti/p/${encodeURIComponent(contact.lineId)}`;
  const phone = contact.phones[0];
  const button = 'flex h-12 w-12 items-center justify-center rounded-full shadow-lg ring-2 ring-white';
  return (
    <aside
      aria-label={t('floating.label')}
      className="no-print fixed right-4 bottom-4 z-30 flex flex-col gap-3"
    >
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
    </aside>
  );
}
