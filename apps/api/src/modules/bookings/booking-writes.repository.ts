import { licenceDocumentOf, type DriverLicence } from '@siam/contract/drivers';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql-rows';
import type { LocalizedText } from '../../db/schema/localized';
import type { StoredRuleLine } from '../pricing/pricing-rules';

export type DriverLicenceRow = DriverLicence & { firstName: string; lastName: string };

/**
 * The booking record's own writes that the use cases above it ask for (decision 3304): a new booking's
 * row, drivers, deliveries and extras (rentals' checkout), a change's rewrite of its dates, car, prices
 * and extras (rentals' booking-changes), a new way to pay (pay again). Rentals reaches them through
 * `BookingsService.writes`, in its own transaction; only bookings/ writes these tables.
 */
export class BookingWritesRepository {
  async insertBooking(ex: Executor, values: Record<string, unknown>) {
    const v = values;
    const [row] = await rows<{ id: number; booking_number: string }>(
      ex,
      sql`INSERT INTO bookings (booking_number, user_id, car_model_id, branch_code, pickup_date, return_date,
            pickup_at, return_at, days, status, payment_method, driver_first_name, driver_last_name, driver_email,
            driver_phone, driver_id_number, language, price_per_day, rental_amount, hot_deal_percent,
            hot_deal_discount, addons_amount, promotion_code, promotion_discount, total_amount, vat_amount,
            payment_due_at, created_ip, created_address_key, device_id, deposit_amount, return_branch_code, one_way_fee,
            price_rules, rules_amount, tax_buyer, company_id, out_of_hours_fee, flight_number,
            deposit_state, deposit_method, deposit_held_at)
          VALUES ('SD' || to_char(now() AT TIME ZONE 'Asia/Bangkok', 'YY') || nextval('booking_number_seq'),
            ${v.userId}, ${v.carModelId}, ${v.branchCode}, ${v.pickupDate}, ${v.returnDate}, ${v.pickupAt},
            ${v.returnAt}, ${v.days}, 'awaiting_payment', ${v.paymentMethod}, ${v.firstName}, ${v.lastName},
            ${v.email}, ${v.phone}, ${v.idNumber}, ${v.language}, ${v.pricePerDay}, ${v.rentalAmount},
            ${v.hotDealPercent}, ${v.hotDealDiscount}, ${v.addonsAmount}, ${v.promoCode}, ${v.promoDiscount},
            ${v.total}, ${v.vat}, ${v.paymentDueAt ?? null}, ${v.createdIp ?? null}, ${v.createdAddressKey ?? null}, ${v.deviceId ?? null},
            ${v.depositAmount ?? 0}, ${v.returnBranchCode ?? null}, ${v.oneWayFee ?? 0},
            ${JSON.stringify(v.priceRules ?? [])}::jsonb, ${v.rulesAmount ?? 0},
            ${v.taxBuyer ? JSON.stringify(v.taxBuyer) : null}::jsonb, ${v.companyId ?? null},
            ${v.outOfHoursFee ?? 0}, ${v.flightNumber ?? null},
            ${v.depositOnAccount ? 'held' : 'due'}, ${v.depositOnAccount ? 'on_account' : null},
            ${v.depositOnAccount ? sql`now()` : null})
          RETURNING id, booking_number`,
    );
    return row!;
  }

  /** A booking waiting for payment is paid another way (pay again, docs/decisions/3530); its deadline stays. */
  async setPaymentMethod(ex: Executor, bookingId: number, method: string) {
    await ex.execute(
      sql`UPDATE bookings SET payment_method = ${method}, updated_at = now() WHERE id = ${bookingId}`,
    );
  }

  async insertBookingAddon(
    ex: Executor,
    a: { bookingId: number; code: string; pricePerDay: string; quantity: number; amount: string },
  ) {
    await ex.execute(
      sql`INSERT INTO booking_addons (booking_id, addon_code, price_per_day, quantity, amount)
          VALUES (${a.bookingId}, ${a.code}, ${a.pricePerDay}, ${a.quantity}, ${a.amount})`,
    );
  }

  /** A delivery to the customer or a collection from them, with the zone's name and fee as agreed. */
  async insertDelivery(
    ex: Executor,
    h: {
      bookingId: number;
      leg: 'delivery' | 'collection';
      zoneId: number;
      zoneName: LocalizedText;
      kind: string;
      address: string;
      flightNumber: string;
      fee: string;
    },
  ) {
    await ex.execute(
      sql`INSERT INTO booking_deliveries (booking_id, leg, zone_id, zone_name, kind, address, flight_number, fee)
          VALUES (${h.bookingId}, ${h.leg}, ${h.zoneId}, ${JSON.stringify(h.zoneName)}::jsonb, ${h.kind},
                  ${h.address}, ${h.flightNumber}, ${h.fee})`,
    );
  }

  /** The booking's drivers in order: the main driver first. */
  async insertDrivers(ex: Executor, bookingId: number, drivers: DriverLicenceRow[]) {
    for (const [position, d] of drivers.entries())
      await ex.execute(
        sql`INSERT INTO booking_drivers (booking_id, position, first_name, last_name, birth_date, licence_number,
              licence_country, licence_issued, licence_expiry, international_permit, licence_document)
            VALUES (${bookingId}, ${position}, ${d.firstName}, ${d.lastName}, ${d.birthDate},
              ${d.licenceNumber.toUpperCase()}, ${d.licenceCountry}, ${d.licenceIssued}, ${d.licenceExpiry}, ${licenceDocumentOf(d) === 'idp'}, ${licenceDocumentOf(d)})`,
      );
  }

  /** A change made: the booking's dates, car and prices as the change priced them (booking-changes.ts). */
  async rewriteBooking(
    ex: Executor,
    bookingId: number,
    c: {
      pickupDate: string;
      returnDate: string;
      startsAt: Date;
      endsAt: Date;
      days: number;
      carModelId: number;
      pricePerDay: string;
      hotDeal: string | null;
      deposit: string;
      rentalAmount: string;
      hotDealDiscount: string;
      rules: StoredRuleLine[];
      rulesAmount: string;
      addonsAmount: string;
      promoDiscount: string;
      /** The pickups and returns out of hours at the new times (baht). */
      outOfHoursFee: string;
      total: string;
      vat: string;
    },
  ) {
    await ex.execute(
      sql`UPDATE bookings SET pickup_date = ${c.pickupDate}, return_date = ${c.returnDate},
            pickup_at = ${c.startsAt.toISOString()}, return_at = ${c.endsAt.toISOString()}, days = ${c.days},
            car_model_id = ${c.carModelId}, price_per_day = ${c.pricePerDay},
            hot_deal_percent = ${c.hotDeal}::numeric, deposit_amount = ${c.deposit},
            rental_amount = ${c.rentalAmount}, hot_deal_discount = ${c.hotDealDiscount},
            price_rules = ${JSON.stringify(c.rules)}::jsonb, rules_amount = ${c.rulesAmount},
            addons_amount = ${c.addonsAmount}, promotion_discount = ${c.promoDiscount},
            out_of_hours_fee = ${c.outOfHoursFee}, total_amount = ${c.total}, vat_amount = ${c.vat}, updated_at = now()
          WHERE id = ${bookingId}`,
    );
  }

  /** The booking's extras removed, before a change writes them as they are now. */
  async deleteAddons(ex: Executor, bookingId: number) {
    await ex.execute(sql`DELETE FROM booking_addons WHERE booking_id = ${bookingId}`);
  }
}
