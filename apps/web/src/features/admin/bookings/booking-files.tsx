import { useState } from 'react';
import type { AdminSlip } from '@siam/contract/admin-bookings';
import type { Booking } from '@siam/contract/bookings';
import { useTranslation } from '../../../lib/use-translation';
import { openPrivateFile, usePrivateFileUrl } from '../../../lib/private-files';
import { Loading } from '../admin-ui';

/** Shows a private file (a slip, a licence picture) fetched with the staff member's token. */
export function PrivateFile({ path, alt, pdf = false }: { path: string; alt: string; pdf?: boolean }) {
  const { t } = useTranslation('admin');
  const { url, failed } = usePrivateFileUrl(`/admin${path}`);
  if (failed) return <p role="alert">{t('errorGeneric')}</p>;
  if (!url) return <Loading />;
  return pdf ? (
    <a href={url} target="_blank" rel="noreferrer" className="underline">
      {t('booking.openPdf')}
    </a>
  ) : (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className="max-h-96 rounded border" />
    </a>
  );
}

/**
 * The company a full tax invoice is made out to, its number once issued, and a button that fetches it
 * (issuing it the first time, once the booking is paid): never fetched just by opening the page.
 */
export function TaxInvoiceView({
  booking,
}: {
  booking: { id: number; taxInvoice: NonNullable<Booking['taxInvoice']> };
}) {
  const { t } = useTranslation('admin');
  const [error, setError] = useState(false);
  const inv = booking.taxInvoice;
  const open = async (path = 'tax-invoice') => {
    setError(false);
    await openPrivateFile(`/admin/bookings/${booking.id}/${path}`).catch(() => setError(true));
  };
  return (
    <div data-testid="tax-invoice">
      <p>
        {inv.companyName} · {inv.taxId} · {inv.branch === '00000' ? t('booking.headOffice') : inv.branch}
      </p>
      {inv.monthly ? (
        // A company account's booking: on the company's monthly invoice (its page in Company accounts).
        <p>
          {inv.number
            ? t('booking.onMonthlyInvoiceNumber', { number: inv.number })
            : t('booking.onMonthlyInvoice')}
        </p>
      ) : (
        inv.number && <p>{t('booking.taxInvoiceNumber', { number: inv.number })}</p>
      )}
      {inv.monthly ? null : inv.ready || inv.number ? (
        <button type="button" className="btn-outline mt-1" onClick={() => void open()}>
          {t('booking.openTaxInvoice')}
        </button>
      ) : (
        <p className="text-slate-600">{t('booking.taxInvoiceWhenPaid')}</p>
      )}
      {inv.notes.map((note) => (
        <button
          key={note.number}
          type="button"
          className="btn-outline mt-1 block"
          onClick={() => void open(`tax-notes/${note.number}`)}
        >
          {t(note.kind === 'credit' ? 'booking.openCreditNote' : 'booking.openDebitNote', {
            number: note.number,
          })}
        </button>
      ))}
      {error && <p role="alert">{t('errorGeneric')}</p>}
    </div>
  );
}

export function SlipView({ bookingId, slip }: { bookingId: number; slip: AdminSlip }) {
  const { t } = useTranslation('admin');
  return (
    <PrivateFile
      path={`/bookings/${bookingId}/slips/${slip.id}`}
      alt={t('booking.slipAlt', { id: slip.id })}
      pdf={slip.contentType === 'application/pdf'}
    />
  );
}

export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 border-b border-slate-100 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="col-span-2">{children}</dd>
    </div>
  );
}
