import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ThaiAddress } from '@siam/contract/thai-address';
import { localized } from './localized';

// Mirrors migrations/0001_base.sql; the SQL files are the source of truth for
// constraints and indexes, this file gives queries their types.

export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: localized('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  minDriverAge: integer('min_driver_age').notNull().default(21),
  maxDriverAge: integer('max_driver_age'),
  minLicenceYears: integer('min_licence_years').notNull().default(1),
});

export const branches = pgTable('branches', {
  code: text('code').primaryKey(),
  name: localized('name').notNull(),
  address: localized('address').notNull(),
  phone: text('phone').notNull(),
  isAirport: boolean('is_airport').notNull().default(false),
  opensAt: time('opens_at').notNull().default('08:00'),
  closesAt: time('closes_at').notNull().default('20:00'),
  /** The shortest rental picked up here, hours (a same-day rental is at least this long). */
  minRentalHours: integer('min_rental_hours').notNull().default(4),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The branch's number at the Revenue Department ("00000": the head office), migration 1710. */
  taxBranchNo: text('tax_branch_no').notNull().default('00000'),
  /** Where the branch is registered, printed on its tax invoices (migration 2020, decision 3402). */
  registeredAddress: jsonb('registered_address').$type<ThaiAddress>(),
  /** The out-of-hours band around the opening hours and its fee per pickup or return, baht (migration 2059). */
  outOfHoursOpensAt: time('out_of_hours_opens_at'),
  outOfHoursClosesAt: time('out_of_hours_closes_at'),
  outOfHoursFee: numeric('out_of_hours_fee', { precision: 10, scale: 2 }).notNull().default('0'),
  /** The counter's exact place (terminal, floor, gate or meeting point), th/en/zh; null: none (migration 2100). */
  counterPlace: localized('counter_place'),
});

export const features = pgTable('features', {
  key: text('key').primaryKey(),
  name: localized('name').notNull(),
});

export type CarSpecs = Partial<
  Record<
    | 'engine'
    | 'maxPower'
    | 'maxTorque'
    | 'drivetrain'
    | 'fuelConsumption'
    | 'fuelTankCapacity'
    | 'weight'
    | 'dimensions'
    | 'batteryCapacity'
    | 'range'
    | 'chargingTime',
    string
  >
>;

export const carModels = pgTable('car_models', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  carId: integer('car_id').notNull().unique().generatedByDefaultAsIdentity({ startWith: 5001 }),
  slug: text('slug').notNull().unique(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  brand: localized('brand').notNull(),
  model: localized('model').notNull(),
  description: localized('description').notNull(),
  pricePerDay: numeric('price_per_day', { precision: 12, scale: 2 }).notNull(),
  /** The refundable security deposit, baht (migration 1701). */
  depositAmount: numeric('deposit_amount', { precision: 12, scale: 2 }).notNull().default('5000'),
  transmission: text('transmission', { enum: ['automatic', 'manual'] }).notNull(),
  fuel: text('fuel', { enum: ['petrol', 'diesel', 'hybrid', 'electric'] }).notNull(),
  seats: smallint('seats').notNull(),
  doors: smallint('doors').notNull(),
  luggage: smallint('luggage').notNull(),
  specs: jsonb('specs').$type<CarSpecs>().notNull().default({}),
  isActive: boolean('is_active').notNull().default(true),
  isPopular: boolean('is_popular').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const carModelFeatures = pgTable(
  'car_model_features',
  {
    carModelId: integer('car_model_id')
      .notNull()
      .references(() => carModels.id, { onDelete: 'cascade' }),
    featureKey: text('feature_key')
      .notNull()
      .references(() => features.key),
  },
  (t) => [primaryKey({ columns: [t.carModelId, t.featureKey] })],
);

export const carModelImages = pgTable('car_model_images', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  carModelId: integer('car_model_id')
    .notNull()
    .references(() => carModels.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  width: integer('width').notNull().default(800),
  height: integer('height').notNull().default(500),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const vehicleUnits = pgTable('vehicle_units', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  carModelId: integer('car_model_id')
    .notNull()
    .references(() => carModels.id),
  plate: text('plate').notNull().unique(),
  /** ISO 3779, 17 characters without I/O/Q (migration 2031); null until staff enter it. */
  vin: text('vin').unique(),
  branchCode: text('branch_code')
    .notNull()
    .references(() => branches.code),
  status: text('status', { enum: ['in_service', 'retired'] })
    .notNull()
    .default('in_service'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rentalConditions = pgTable('rental_conditions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind', { enum: ['included', 'not_included'] }).notNull(),
  text: localized('text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const hotDeals = pgTable('hot_deals', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  carModelId: integer('car_model_id')
    .notNull()
    .references(() => carModels.id, { onDelete: 'cascade' }),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2 }).notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

export const testimonials = pgTable('testimonials', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  city: localized('city').notNull(),
  rating: smallint('rating').notNull(),
  text: localized('text').notNull(),
  carModelId: integer('car_model_id').references(() => carModels.id, { onDelete: 'set null' }),
  isPublished: boolean('is_published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const unitHolds = pgTable('unit_holds', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  unitId: integer('unit_id')
    .notNull()
    .references(() => vehicleUnits.id),
  kind: text('kind', { enum: ['booking', 'maintenance'] }).notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
  bookingId: integer('booking_id'),
  reason: text('reason'),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
