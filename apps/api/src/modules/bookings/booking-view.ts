import { bangkokInstant } from '@siam/contract/bangkok-time';
import { depositHoldOpensAt } from '@siam/contract/deposits';
import type { Booking } from '@siam/contract/bookings';
import { businessRules } from '@siam/contract/business-rules';
import type { Language } from '@siam/contract/languages';
import { cardRefusal } from '@siam/contract/card-tokens';
import { canTransition } from './booking-status';
import { ruleLinesIn } from '../pricing/pricing-rules';
import type { BookingRow, BookingsRepository } from './bookings.repository';
import { cancellationFee, lateCancellationFee } from '../pricing/pricing';

const HOUR_MS = 3_600_000;

/**
 * What a customer may change themselves now (the booking terms' promise): the dates of a booking not
 * yet picked up, up to `dateChangeNoticeHours` before its pickup, with nothing waiting to be checked
 * (a slip, a card or a QR at the gateway); the return of a rental under way, before it is due.
 */
export function changeWindow(row: BookingRow, now: Date, paymentPending: boolean) {
  const pickupAt = bangkokInstant(row.pickup_date, row.pickup_time).getTime();
  const returnAt = bangkokInstant(row.return_date, row.return_time).getTime();
  const settled = !row.slip_pending && !row.gateway_pending && !paymentPending;
  return {
    canChange:
      (row.status === 'awaiting_payment' || row.status === 'confirmed') &&
      settled &&
      now.getTime() <= pickupAt - businessRules.dateChangeNoticeHours * HOUR_MS,
    canExtend: row.status === 'active' && settled && now.getTime() < returnAt,
  };
}

/**
 * Whether the customer may hold the deposit on a card online now (decision 3413): a deposit due on a
 * booking paid and not yet back, from DEPOSIT_HOLD_DAYS before its return (a card hold lasts a week),
 * with no hold waiting for the card's bank.
 */
function depositHold(row: BookingRow, now: Date) {
  const due =
    row.deposit_state === 'due' && row.deposit_amount > 0 && ['confirmed', 'active'].includes(row.status);
  const opensAt = depositHoldOpensAt(bangkokInstant(row.return_date, row.return_time));
  const atBank = row.deposit_authorize_uri;
  return {
    canHoldOnCard: due && !atBank && now.getTime() >= opensAt.getTime(),
    holdOpensAt: due && now.getTime() < opensAt.getTime() ? opensAt.toISOString() : null,
    authorizeUri: due ? atBank : null,
    // Before pickup only: at the counter staff take it with the car (decision 3652).
    canPayByPromptPay: due && row.status === 'confirmed',
  };
}

/** The one-way, delivery and collection fees of a booking, as lines of its price. */
export function bookingFees(row: BookingRow, lang: Language): Booking['fees'] {
  return [
    ...(row.one_way_fee > 0 || row.return_branch_code !== row.branch_code
      ? [{ code: 'one_way' as const, label: row.return_branch_name[lang], amount: row.one_way_fee }]
      : []),
    ...row.deliveries.map((h) => ({ code: h.leg, label: h.zone_name[lang], amount: h.fee })),
    ...(row.out_of_hours_fee > 0
      ? [{ code: 'out_of_hours' as const, label: '', amount: row.out_of_hours_fee }]
      : []),
  ];
}

function deliveryLeg(row: BookingRow, leg: 'delivery' | 'collection', lang: Language) {
  const h = row.deliveries.find((x) => x.leg === leg);
  return h
    ? {
        zoneName: h.zone_name[lang],
        kind: h.kind,
        address: h.address,
        flightNumber: h.flight_number,
        fee: h.fee,
      }
    : null;
}

/**
 * A booking as the customer and staff see it, in their language, from its row,
 * its extras and its payments: what it costs to cancel now and later, whether a
 * slip may be sent, whether a card charge is still being checked.
 */
export function toBooking(
  row: BookingRow,
  addons: Awaited<ReturnType<BookingsRepository['bookingAddons']>>,
  payments: Awaited<ReturnType<BookingsRepository['payments']>>,
  lang: Language,
  now: Date,
): Booking {
  const paid = row.paid_ms !== null;
  const createdAt = new Date(row.created_ms);
  const charge = [...payments].reverse().find((p) => p.kind === 'charge');
  const canCancel = canTransition(row.status, 'cancel');
  return {
    id: row.id,
    bookingNumber: row.booking_number,
    status: row.status as Booking['status'],
    carModelId: row.car_model_id,
    carName: `${row.brand[lang]} ${row.model[lang]}`,
    carImage: row.image,
    branchCode: row.branch_code,
    branchName: row.branch_name[lang],
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    pickupTime: row.pickup_time,
    returnTime: row.return_time,
    days: row.days,
    paymentMethod: row.payment_method,
    driver: {
      firstName: row.driver_first_name,
      lastName: row.driver_last_name,
      email: row.driver_email,
      phone: row.driver_phone,
      idNumber: row.driver_id_number,
    },
    licencePictures: row.licence_pictures.map((p) => ({
      id: p.id,
      sentAt: new Date(p.sent_ms).toISOString(),
    })),
    canSendLicencePicture:
      (row.status === 'awaiting_payment' || row.status === 'confirmed') && row.licence_pictures.length < 6,
    drivers: row.drivers.map((d) => ({
      firstName: d.first_name,
      lastName: d.last_name,
      birthDate: d.birth_date,
      licenceNumber: d.licence_number,
      licenceCountry: d.licence_country,
      licenceIssued: d.licence_issued,
      licenceExpiry: d.licence_expiry,
      internationalPermit: d.international_permit,
      licenceDocument: d.licence_document,
    })),
    pricePerDay: row.price_per_day,
    rentalAmount: row.rental_amount,
    priceRules: ruleLinesIn(row.price_rules, lang),
    hotDealPercent: row.hot_deal_percent === null ? null : Number(row.hot_deal_percent),
    hotDealDiscount: row.hot_deal_discount,
    addons: addons.map((a) => ({
      code: a.code,
      label: a.name[lang],
      quantity: a.quantity,
      pricePerDay: a.price_per_day,
      amount: a.amount,
    })),
    addonsAmount: row.addons_amount,
    promoCode: row.promotion_code,
    promoDiscount: row.promotion_discount,
    fees: bookingFees(row, lang),
    returnBranchCode: row.return_branch_code,
    returnBranchName: row.return_branch_name[lang],
    counterPlace: row.counter_place?.[lang] ?? null,
    returnCounterPlace: row.return_counter_place?.[lang] ?? null,
    flightNumber: row.flight_number,
    delivery: deliveryLeg(row, 'delivery', lang),
    collection: deliveryLeg(row, 'collection', lang),
    total: row.total_amount,
    vat: row.vat_amount,
    paid,
    payment: charge
      ? {
          method: charge.method,
          status: charge.status,
          amount: charge.amount,
          cardBrand: charge.card_brand,
          cardLast4: charge.card_last4,
          reference: charge.gateway_ref,
          at: new Date(charge.created_ms).toISOString(),
        }
      : null,
    slipUploaded: row.slip_count > 0,
    paymentChecking:
      charge?.status === 'pending' ||
      // A card waiting for the customer's approval at their bank (3-D Secure).
      (row.status === 'awaiting_payment' && row.payment_method === 'card' && row.gateway_pending),
    // The last card try was refused and the booking still holds its car: it may be paid again.
    paymentRefusal:
      row.status === 'awaiting_payment' &&
      row.payment_method === 'card' &&
      charge?.status === 'failed' &&
      !row.gateway_pending
        ? cardRefusal(charge.failure_code)
        : null,
    payBy:
      row.status === 'awaiting_payment' && row.payment_due_ms
        ? new Date(row.payment_due_ms).toISOString()
        : null,
    createdAt: createdAt.toISOString(),
    freeCancellationUntil: new Date(
      row.created_ms + businessRules.freeCancellationHours * HOUR_MS,
    ).toISOString(),
    cancellationFee:
      row.cancellation_fee ??
      (canCancel ? cancellationFee({ total: row.total_amount, paid, createdAt, now }) : null),
    lateCancellationFee: lateCancellationFee(row.total_amount),
    canCancel,
    ...changeWindow(
      row,
      now,
      payments.some((p) => p.kind === 'charge' && p.status === 'pending'),
    ),
    canUploadSlip:
      row.status === 'awaiting_payment' &&
      // A slip is the proof of a transfer or of the static PromptPay QR; the gateway confirms its own.
      (row.payment_method === 'bank_transfer' || row.payment_method === 'promptpay') &&
      !row.slip_pending &&
      !row.gateway_pending,
    cancelReason: row.cancel_reason,
    deposit: {
      amount: row.deposit_amount,
      state: row.deposit_state,
      method: row.deposit_method,
      coveredBy: row.deposit_method === 'on_account' ? (row.tax_buyer?.companyName ?? null) : null,
      kept: row.deposit_kept,
      keptReason: row.deposit_kept_reason,
      heldAt: row.deposit_held_ms ? new Date(row.deposit_held_ms).toISOString() : null,
      releasedAt: row.deposit_released_ms ? new Date(row.deposit_released_ms).toISOString() : null,
      heldOnCard: row.deposit_ref !== null,
      ...depositHold(row, now),
    },
    conditionReports: row.condition_reports.map((r) => ({
      kind: r.kind,
      fuelEighths: r.fuel_eighths,
      mileageKm: r.mileage_km,
      damage: r.damage,
      notes: r.notes,
      recordedAt: new Date(r.recorded_ms).toISOString(),
      photos: r.photo_ids.map((id) => ({ id })),
    })),
    charges: row.charges,
    chargesTotal: row.charges.reduce((sum, c) => sum + c.amount, 0),
    agreement: row.agreement
      ? {
          signedAt: new Date(row.agreement.signed_ms).toISOString(),
          signerName: row.agreement.signer_name,
          sha256: row.agreement.sha256,
        }
      : null,
    // Signed once the pickup's condition report is written (the agreement is filled from it).
    canSignAgreement:
      !row.agreement && row.status === 'active' && row.condition_reports.some((r) => r.kind === 'pickup'),
    taxInvoice: row.tax_buyer
      ? {
          companyName: row.tax_buyer.companyName,
          taxId: row.tax_buyer.taxId,
          branch: row.tax_buyer.branch,
          number: row.tax_invoice_number,
          // Issued for money received: a paid booking, not a cancelled one. A company account's
          // bookings are on the company's monthly invoice instead (companies.service.ts).
          ready:
            paid &&
            row.status !== 'cancelled' &&
            row.status !== 'expired' &&
            row.payment_method !== 'company_account',
          monthly: row.payment_method === 'company_account',
          notes: row.tax_notes.map((n) => ({
            number: n.number,
            kind: n.kind,
            issuedAt: new Date(n.issued_ms).toISOString(),
            total: n.total,
          })),
        }
      : null,
  };
}
