import { personName } from '@siam/contract/person-names';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import { useTranslation } from '../../../lib/use-translation';
import { countryName } from '../../../lib/country-names';
import { Card, useFormats } from '../admin-ui';
import { satang } from './booking-format';
import { PrivateFile, Row, TaxInvoiceView } from './booking-files';

/** Who, what, when and how paid: the booking as staff read it at the counter. */
export function BookingDetailsCard({ data }: { data: AdminBookingDetail }) {
  const { t } = useTranslation('admin');
  const { date, money, lng } = useFormats();
  const b = data.booking;
  return (
    <Card title={t('booking.details')}>
      <dl>
        <Row label={t('bookings.car')}>
          {b.carName}
          {data.unit && <> · {data.unit.plate}</>}
        </Row>
        <Row label={t('today.branch')}>{b.branchName}</Row>
        <Row label={t('bookings.dates')}>
          {date(b.pickupDate)} {b.pickupTime} – {date(b.returnDate)} {b.returnTime} (
          {t('booking.days', { count: b.days })})
        </Row>
        <Row label={t('booking.driver')}>
          {personName(b.driver.firstName, b.driver.lastName)} · {b.driver.phone} · {b.driver.email}
        </Row>
        {b.licencePictures.length > 0 && (
          <Row label={t('booking.licencePictures')}>
            <div className="flex flex-wrap gap-2">
              {b.licencePictures.map((p, i) => (
                <PrivateFile
                  key={p.id}
                  path={`/bookings/${b.id}/licence-pictures/${p.id}`}
                  alt={t('booking.licencePictureAlt', { n: i + 1 })}
                />
              ))}
            </div>
          </Row>
        )}
        {b.taxInvoice && (
          <Row label={t('booking.taxInvoice')}>
            <TaxInvoiceView booking={{ id: b.id, taxInvoice: b.taxInvoice }} />
          </Row>
        )}
        {b.returnBranchCode !== b.branchCode && <Row label={t('booking.returnTo')}>{b.returnBranchName}</Row>}
        {b.flightNumber && (
          <Row label={t('booking.arrivingFlight')}>
            <span data-testid="flight-number">{b.flightNumber}</span>
          </Row>
        )}
        {(['delivery', 'collection'] as const).map(
          (leg) =>
            b[leg] && (
              <Row key={leg} label={t(`booking.${leg}`)}>
                {b[leg].zoneName} ·{' '}
                {b[leg].kind === 'flight'
                  ? t('booking.flight', { flight: b[leg].flightNumber })
                  : `${t(`booking.kinds.${b[leg].kind}`)}: ${b[leg].address}`}
              </Row>
            ),
        )}
        {b.drivers.map((d, i) => (
          <Row key={i} label={t('booking.driverN', { n: i + 1 })}>
            {personName(d.firstName, d.lastName)} · {t('booking.born', { date: date(d.birthDate) })}
            <br />
            {t('booking.licence', {
              number: d.licenceNumber,
              country: countryName(d.licenceCountry, lng),
              issued: date(d.licenceIssued),
              expiry: date(d.licenceExpiry),
            })}
            {d.internationalPermit && <> · {t('booking.permit')}</>}
          </Row>
        ))}
        {data.customerAccountEmail && <Row label={t('booking.account')}>{data.customerAccountEmail}</Row>}
        <Row label={t('booking.method')}>{t(`booking.methods.${b.paymentMethod}`)}</Row>
        {b.fees.map((fee) => (
          <Row key={fee.code} label={t(`booking.fees.${fee.code}`)}>
            <span data-testid={`fee-${fee.code}`}>
              {satang(money, fee.amount)}
              {fee.label && ` · ${fee.label}`}
            </span>
          </Row>
        ))}
        <Row label={t('bookings.total')}>
          {satang(money, b.total)} ({t('booking.vatIncluded')})
        </Row>
        {b.promoCode && <Row label={t('booking.promo')}>{b.promoCode}</Row>}
        {b.cancelReason && <Row label={t('booking.cancelReason')}>{b.cancelReason}</Row>}
        {b.status === 'cancelled' && b.cancellationFee !== null && (
          <Row label={t('booking.fee')}>{satang(money, b.cancellationFee)}</Row>
        )}
      </dl>
    </Card>
  );
}
