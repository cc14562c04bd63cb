import type { ChargeKind, DamageMark, ReportKind } from '@siam/contract/condition-reports';
import type { DriverLicence } from '@siam/contract/drivers';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { StoredRuleLine } from '../pricing/pricing-rules';
import type { LocalizedText } from '../../db/schema/localized';

/** A booking's row as the record reads it (bookings.repository.ts findBooking), and its payments. */
export interface BookingRow {
  id: number;
  booking_number: string;
  user_id: number | null;
  car_model_id: number;
  unit_id: number | null;
  branch_code: string;
  pickup_date: string;
  return_date: string;
  /** Bangkok wall-clock "HH:MM" of pickup_at and return_at. */
  pickup_time: string;
  return_time: string;
  /** The company a full tax invoice is made out to, and the invoice's number once issued. */
  tax_buyer: TaxBuyer | null;
  tax_invoice_number: string | null;
  /** Credit and debit notes issued against the invoice (1714_tax_notes.sql), oldest first. */
  tax_notes: { number: string; kind: 'credit' | 'debit'; issued_ms: number; total: number }[];
  days: number;
  status: string;
  payment_method:
    'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay' | 'cash' | 'company_account';
  driver_first_name: string;
  driver_last_name: string;
  driver_email: string;
  driver_phone: string;
  driver_id_number: string;
  language: 'th' | 'en' | 'zh';
  price_per_day: number;
  rental_amount: number;
  hot_deal_percent: string | null;
  hot_deal_discount: number;
  addons_amount: number;
  promotion_code: string | null;
  promotion_discount: number;
  total_amount: number;
  vat_amount: number;
  cancellation_fee: number | null;
  cancel_reason: string | null;
  created_ms: number;
  paid_ms: number | null;
  payment_due_ms: number | null;
  brand: LocalizedText;
  model: LocalizedText;
  branch_name: LocalizedText;
  image: string | null;
  slip_pending: boolean;
  slip_count: number;
  /** A charge at the gateway waits to be paid (PromptPay, a wallet): the gateway confirms it, no slip. */
  gateway_pending: boolean;
  deposit_amount: number;
  deposit_state: 'due' | 'held' | 'released' | 'partly_released';
  deposit_method: 'card' | 'cash' | 'promptpay' | 'on_account' | null;
  deposit_kept: number;
  deposit_kept_reason: string | null;
  deposit_held_ms: number | null;
  deposit_released_ms: number | null;
  /** The deposit's hold on the customer's card at the gateway (null: taken at the counter, or not yet). */
  deposit_ref: string | null;
  /** A deposit hold waiting for the card's bank (3-D Secure): its page; null when none waits. */
  deposit_authorize_uri: string | null;
  return_branch_code: string;
  return_branch_name: LocalizedText;
  /** The pickup and return branches' counter places (null: none set; decision 3611). */
  counter_place: LocalizedText | null;
  return_counter_place: LocalizedText | null;
  /** The pricing rules' lines as agreed (satang amounts). */
  price_rules: StoredRuleLine[];
  one_way_fee: number;
  /** Pickups and returns outside the branches' opening hours (satang, in the total; decision 3602). */
  out_of_hours_fee: number;
  /** The flight an airport pickup's customer arrives on. */
  flight_number: string | null;
  /** Delivery first, then collection (booking_deliveries). */
  deliveries: {
    leg: 'delivery' | 'collection';
    zone_name: LocalizedText;
    kind: 'address' | 'hotel' | 'flight';
    address: string;
    flight_number: string;
    fee: number;
  }[];
  licence_pictures: { id: number; sent_ms: number }[];
  condition_reports: {
    kind: ReportKind;
    fuel_eighths: number;
    mileage_km: number;
    damage: DamageMark[];
    notes: string;
    photo_ids: number[];
    recorded_ms: number;
  }[];
  charges: { kind: ChargeKind; amount: number; note: string; hours: number | null }[];
  agreement: { signed_ms: number; signer_name: string; sha256: string } | null;
  /** Every driver with their licence, the main driver first (booking_drivers). */
  drivers: {
    first_name: string;
    last_name: string;
    birth_date: string;
    licence_number: string;
    licence_country: string;
    licence_issued: string;
    licence_expiry: string;
    international_permit: boolean;
    licence_document: DriverLicence['licenceDocument'];
  }[];
}

export interface PaymentRow {
  id: number;
  method: 'card' | 'bank_transfer' | 'promptpay' | 'wechat_pay' | 'alipay' | 'cash' | 'card_terminal';
  kind: 'charge' | 'refund';
  status: string;
  amount: number;
  gateway: string | null;
  gateway_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** Why the gateway refused a charge (a card's CardRefusal). */
  failure_code: string | null;
  created_ms: number;
}
