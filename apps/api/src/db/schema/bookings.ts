import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { slipCheckResults } from '@siam/contract/bookings';
import { localized } from './localized';

// Mirrors migrations/0301_bookings.sql (the SQL is the source of truth for
// constraints). The bookings repository writes its SQL by hand (holds,
// ON CONFLICT on the exclusion constraint, CTEs); these give the tables types.

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const addons = pgTable('addons', {
  code: text('code').primaryKey(),
  name: localized('name').notNull(),
  description: localized('description').notNull(),
  pricePerDay: money('price_per_day').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const promotionCodes = pgTable('promotion_codes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
  value: money('value').notNull(),
  firstBookingOnly: boolean('first_booking_only').notNull().default(false),
  startsAt: at('starts_at').notNull().defaultNow(),
  endsAt: at('ends_at'),
  maxUses: integer('max_uses'),
  usesCount: integer('uses_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const bookings = pgTable('bookings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  bookingNumber: text('booking_number').notNull().unique(),
  userId: integer('user_id'),
  carModelId: integer('car_model_id').notNull(),
  unitId: integer('unit_id'),
  branchCode: text('branch_code').notNull(),
  pickupDate: date('pickup_date').notNull(),
  returnDate: date('return_date').notNull(),
  pickupAt: at('pickup_at').notNull(),
  returnAt: at('return_at').notNull(),
  days: integer('days').notNull(),
  status: text('status', {
    enum: ['awaiting_payment', 'confirmed', 'active', 'completed', 'cancelled', 'expired', 'payment_failed'],
  }).notNull(),
  paymentMethod: text('payment_method', {
    enum: ['card', 'bank_transfer', 'promptpay', 'wechat_pay', 'alipay', 'cash'],
  }).notNull(),
  driverFirstName: text('driver_first_name').notNull(),
  driverLastName: text('driver_last_name').notNull(),
  driverEmail: text('driver_email').notNull(),
  driverPhone: text('driver_phone').notNull(),
  driverIdNumber: text('driver_id_number').notNull(),
  language: text('language', { enum: ['th', 'en', 'zh'] }).notNull(),
  pricePerDay: money('price_per_day').notNull(),
  rentalAmount: money('rental_amount').notNull(),
  hotDealPercent: numeric('hot_deal_percent', { precision: 5, scale: 2 }),
  hotDealDiscount: money('hot_deal_discount').notNull(),
  addonsAmount: money('addons_amount').notNull(),
  promotionCode: text('promotion_code'),
  promotionDiscount: money('promotion_discount').notNull(),
  totalAmount: money('total_amount').notNull(),
  vatAmount: money('vat_amount').notNull(),
  cancellationFee: money('cancellation_fee'),
  cancelReason: text('cancel_reason'),
  cancelledBy: text('cancelled_by', { enum: ['customer', 'staff', 'system'] }),
  anonymisedAt: at('anonymised_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  paidAt: at('paid_at'),
  pickedUpAt: at('picked_up_at'),
  returnedAt: at('returned_at'),
  cancelledAt: at('cancelled_at'),
  /** Until when an unpaid booking holds its car (1302_unpaid_holds.sql). */
  paymentDueAt: at('payment_due_at'),
  createdIp: text('created_ip'),
  /** createdIp as the per-address limits count it: an IPv6 address's /64 (lib/address-key.ts, 2002_address_keys.sql). */
  createdAddressKey: text('created_address_key'),
  deviceId: text('device_id'),
});

export const bookingAddons = pgTable(
  'booking_addons',
  {
    bookingId: integer('booking_id').notNull(),
    addonCode: text('addon_code').notNull(),
    pricePerDay: money('price_per_day').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.addonCode] })],
);

export const promotionUses = pgTable('promotion_uses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  promotionId: integer('promotion_id').notNull(),
  bookingId: integer('booking_id').notNull().unique(),
  userId: integer('user_id'),
  discount: money('discount').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  bookingId: integer('booking_id').notNull(),
  method: text('method', {
    enum: ['card', 'bank_transfer', 'promptpay', 'wechat_pay', 'alipay', 'cash'],
  }).notNull(),
  kind: text('kind', { enum: ['charge', 'refund'] })
    .notNull()
    .default('charge'),
  status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
  amount: money('amount').notNull(),
  gateway: text('gateway'),
  gatewayRef: text('gateway_ref'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  failureCode: text('failure_code'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const paymentSlips = pgTable('payment_slips', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  bookingId: integer('booking_id').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
    .notNull()
    .default('pending'),
  rejectReason: text('reject_reason'),
  createdAt: at('created_at').notNull().defaultNow(),
  reviewedAt: at('reviewed_at'),
  /** The transfer the slip's QR code names (sending bank:reference); unique over every slip. */
  qrRef: text('qr_ref'),
  checkResult: text('check_result', { enum: slipCheckResults }),
  slipAmount: numeric('slip_amount', { precision: 12, scale: 2 }),
  slipPaidAt: at('slip_paid_at'),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    bookingId: integer('booking_id'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
