import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '@siam/contract/bookings';
import type { ConditionReportView } from '@siam/contract/condition-reports';
import { usePrivateFileUrl } from '../../lib/private-files';
import { useTranslation } from '../../lib/use-translation';
import { downloadAgreement, signAgreement } from './booking-api';
import { CarOutline } from './car-outline';
import { useFormat } from './format';
import { SignaturePad } from './signature-pad';

/** A photo of the car, fetched with the reader's token (private files have no public address). */
function ReportPhoto({
  bookingId,
  photoId,
  alt,
  staff,
}: {
  bookingId: number;
  photoId: number;
  alt: string;
  staff: boolean;
}) {
  const { url } = usePrivateFileUrl(
    `/${staff ? 'admin' : 'auth'}/bookings/${bookingId}/condition-photos/${photoId}`,
  );
  return url ? (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} width={96} height={60} className="h-15 w-24 rounded border object-cover" />
    </a>
  ) : (
    <span className="inline-block h-15 w-24 animate-pulse rounded bg-slate-200" aria-hidden />
  );
}

function Report({
  booking,
  report,
  earlier,
  staff,
}: {
  booking: Booking;
  report: ConditionReportView;
  earlier?: ConditionReportView;
  staff: boolean;
}) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  return (
    <section className="mt-3" data-testid={`report-${report.kind}`}>
      <h4 className="font-semibold">
        {t(`handOver.${report.kind}`)} · {f.dateTime(report.recordedAt)}
      </h4>
      <div className="mt-1 flex flex-wrap gap-4">
        <CarOutline
          marks={report.damage}
          earlier={earlier?.damage}
          label={t('handOver.outline', { count: report.damage.length })}
        />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p>
            {t('handOver.fuel')}: {report.fuelEighths}/8
            {earlier && ` (${t('handOver.atPickup')}: ${earlier.fuelEighths}/8)`}
          </p>
          <p>
            {t('handOver.mileage')}: {report.mileageKm.toLocaleString('en-US')} km
            {earlier &&
              ` (${t('handOver.driven', { km: (report.mileageKm - earlier.mileageKm).toLocaleString('en-US') })})`}
          </p>
          {report.damage.length > 0 && (
            <ol className="list-inside list-decimal" start={(earlier?.damage.length ?? 0) + 1}>
              {report.damage.map((d, i) => (
                <li key={i}>
                  {t(`handOver.damageType.${d.type}`)}
                  {d.note && ` — ${d.note}`}
                </li>
              ))}
            </ol>
          )}
          {report.notes && <p>{report.notes}</p>}
          <div className="flex flex-wrap gap-2">
            {report.photos.map((p, i) => (
              <ReportPhoto
                key={p.id}
                bookingId={booking.id}
                photoId={p.id}
                staff={staff}
                alt={t('handOver.photoAlt', { n: i + 1, kind: t(`handOver.${report.kind}`) })}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The hand-over in My bookings (issue 18, parts 1 and 2): what was recorded at pickup and at return,
 * the charges taken from the deposit, and the rental agreement — to sign, or to download as signed.
 * The back office's booking page shows the same (`staff`: its own file routes, no signing here).
 */
export default function HandOverView({ booking, staff = false }: { booking: Booking; staff?: boolean }) {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const sign = useMutation({
    mutationFn: () => signAgreement(booking.id, signature!),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['bookings'] }),
    onError: (e: Error) => setError(e.message),
  });
  const pickup = booking.conditionReports.find((r) => r.kind === 'pickup');
  const ret = booking.conditionReports.find((r) => r.kind === 'return');
  if (!pickup && !booking.agreement && booking.charges.length === 0) return null;
  return (
    <div className={staff ? '' : 'mt-4 border-t border-slate-200 pt-3'} data-testid="hand-over">
      {!staff && <h4 className="text-base font-semibold">{t('handOver.title')}</h4>}
      {pickup && <Report booking={booking} report={pickup} staff={staff} />}
      {ret && <Report booking={booking} report={ret} earlier={pickup} staff={staff} />}
      {booking.charges.length > 0 && (
        <section className="mt-3" data-testid="charges">
          <h4 className="font-semibold">{t('handOver.charges')}</h4>
          <ul className="text-sm">
            {booking.charges.map((c, i) => (
              <li key={i} className="flex justify-between gap-3">
                <span>
                  {t(`handOver.charge.${c.kind}`)}
                  {c.hours ? ` (${t('handOver.hours', { count: c.hours })})` : ''}
                  {c.note && ` — ${c.note}`}
                </span>
                <span>{f.baht(c.amount)}</span>
              </li>
            ))}
            <li className="flex justify-between gap-3 font-semibold">
              <span>{t('handOver.chargesTotal')}</span>
              <span>{f.baht(booking.chargesTotal)}</span>
            </li>
          </ul>
        </section>
      )}
      {booking.canSignAgreement && !staff && (
        <form
          className="mt-3 space-y-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!signature) return setError(t('handOver.signFirst'));
            sign.mutate();
          }}
        >
          <p className="text-sm">{t('handOver.agreementIntro')}</p>
          <SignaturePad label={t('handOver.signHere')} onChange={setSignature} />
          <button type="submit" className="btn-primary" disabled={sign.isPending}>
            {t('handOver.sign')}
          </button>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </form>
      )}
      {booking.agreement && (
        <div className="mt-3 text-sm" data-testid="agreement">
          <p>
            {t('handOver.signed', {
              name: booking.agreement.signerName,
              at: f.dateTime(booking.agreement.signedAt),
            })}
          </p>
          <p className="break-all text-slate-700">SHA-256: {booking.agreement.sha256}</p>
          <button
            type="button"
            className="btn-outline mt-2"
            onClick={() => downloadAgreement(booking, staff).catch((e: Error) => setError(e.message))}
          >
            {t('handOver.download')}
          </button>
        </div>
      )}
    </div>
  );
}
