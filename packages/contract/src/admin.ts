import { z } from 'zod';
import { driverRulesSchema } from './drivers';
import { defaultDriverRules } from './rental-rules';
import { isoDateSchema } from './safe-input';
import { isRate } from './currencies';
import { fuels, specKeys, transmissions, unitStatuses } from './admin-constants';
import { dataEnvelope, pagedEnvelope } from './envelope';
import { taxMessages } from './tax-invoices';
import { thaiAddressSchema } from './thai-address';

export { fuels, specKeys, transmissions, unitStatuses };

/**
 * The back office's requests and answers (issue 7), on /api/v1/admin/…
 * Localized texts are edited as a whole: `{th, en, zh}`, none empty.
 */

export const localizedInputSchema = z.object({
  th: z.string().trim().min(1, 'Required').max(5000, 'Too long'),
  en: z.string().trim().min(1, 'Required').max(5000, 'Too long'),
  zh: z.string().trim().min(1, 'Required').max(5000, 'Too long'),
});
export const localizedSchema = z.object({ th: z.string(), en: z.string(), zh: z.string() });
export type LocalizedInput = z.infer<typeof localizedInputSchema>;

const idParam = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idParam });
export const imageParamsSchema = z.object({ id: idParam, imageId: idParam });
export const branchParamsSchema = z.object({ code: z.string().min(1).max(20) });

/** A calendar day, `YYYY-MM-DD` (Asia/Bangkok). */
const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');
const priceSchema = z.coerce
  .number()
  .positive('Must be more than 0')
  .max(1_000_000, 'Too high')
  .refine((v) => Math.round(v * 100) === v * 100, 'At most 2 decimals');

// ---------- audit log ----------

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  entity: z.string().max(50).optional(),
  entityId: z.string().max(50).optional(),
  action: z.string().max(80).optional(),
  actorId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export const auditLogResponseSchema = pagedEnvelope(auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

// ---------- fleet ----------

export const specsSchema = z.partialRecord(z.enum(specKeys), z.string().trim().max(200));

export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localizedSchema,
  sortOrder: z.number().int(),
  carModels: z.number().int(),
  /** Who may drive the category's cars (drivers.ts): age on the pickup day, years the licence was held. */
  minDriverAge: z.number().int(),
  maxDriverAge: z.number().int().nullable(),
  minLicenceYears: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
const slugSchema = z
  .string()
  .trim()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes');
/**
 * A PATCH body from a create body: every field optional and none defaulted, so only what is sent
 * changes. (`.partial()` keeps the defaults: a PATCH of a car's price reset its flags, order and
 * features, a unit's status, a category's order.)
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape))
    shape[key] = field instanceof z.ZodDefault ? field.unwrap() : field;
  return z
    .object(shape as unknown as { [K in keyof S]: S[K] extends z.ZodDefault<infer I> ? I : S[K] })
    .partial();
}

export const categoryBodySchema = z.object({
  slug: slugSchema,
  name: localizedInputSchema,
  sortOrder: z.number().int().min(0).max(1000).default(0),
  minDriverAge: driverRulesSchema.shape.minAge.default(defaultDriverRules.minAge),
  maxDriverAge: driverRulesSchema.shape.maxAge.default(defaultDriverRules.maxAge),
  minLicenceYears: driverRulesSchema.shape.minLicenceYears.default(defaultDriverRules.minLicenceYears),
});
export const categoryPatchSchema = patchOf(categoryBodySchema);
/** The message of a maximum driver age below the minimum (checked against the category's other figure). */
export const MAX_AGE_BELOW_MIN = 'The maximum age must be at least the minimum age';

export const adminFeatureSchema = z.object({ key: z.string(), name: localizedSchema });

export const adminImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sortOrder: z.number().int(),
  /** Every size and format made from an upload (empty for the demo's own pictures). */
  variants: z.array(z.object({ url: z.string(), width: z.number().int(), format: z.string() })),
});

export const adminCarModelSummarySchema = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  slug: z.string(),
  categoryId: z.number().int(),
  brand: localizedSchema,
  model: localizedSchema,
  pricePerDay: z.number(),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  units: z.number().int(),
  images: z.number().int(),
});
export type AdminCarModelSummary = z.infer<typeof adminCarModelSummarySchema>;

export const adminCarModelSchema = adminCarModelSummarySchema.extend({
  description: localizedSchema,
  /** The refundable security deposit taken at pickup, baht. */
  deposit: z.number(),
  transmission: z.enum(transmissions),
  fuel: z.enum(fuels),
  seats: z.number().int(),
  doors: z.number().int(),
  luggage: z.number().int(),
  specs: z.record(z.string(), z.string()),
  features: z.array(z.string()),
  sortOrder: z.number().int(),
  imageList: z.array(adminImageSchema),
});
export type AdminCarModel = z.infer<typeof adminCarModelSchema>;

export const carModelBodySchema = z.object({
  slug: slugSchema,
  categoryId: z.number().int().positive(),
  brand: localizedInputSchema,
  model: localizedInputSchema,
  description: localizedInputSchema,
  pricePerDay: priceSchema,
  /** The security deposit, whole baht; a new model without one gets its category's. */
  deposit: z
    .number()
    .int('Whole baht only')
    .min(0, 'Must not be negative')
    .max(100_000, 'Too high')
    .optional(),
  transmission: z.enum(transmissions),
  fuel: z.enum(fuels),
  seats: z.number().int().min(1).max(20),
  doors: z.number().int().min(1).max(6),
  luggage: z.number().int().min(0).max(20),
  specs: specsSchema.default({}),
  features: z.array(z.string().max(50)).max(50).default([]),
  isActive: z.boolean().default(true),
  isPopular: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10000).default(0),
});
export type CarModelBody = z.input<typeof carModelBodySchema>;
export const carModelPatchSchema = patchOf(carModelBodySchema);
export type CarModelPatch = z.input<typeof carModelPatchSchema>;

export const carModelsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
});

export const plateSchema = z.string().trim().min(2).max(30);

/** A vehicle identification number (ISO 3779): 17 digits and capital letters, never I, O or Q. */
export const vinPattern = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Spaces and lower case are forgiven (a VIN read off a windscreen); the rest must be a VIN. */
export const vinSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(vinPattern, 'A VIN is 17 letters and digits, without I, O or Q'));
/** Whether a typed VIN will be taken (the form says so before it is sent). */
export const isVin = (value: string) => vinPattern.test(value.replace(/\s+/g, '').toUpperCase());

export const maintenanceBlockSchema = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The first and last blocked day, Asia/Bangkok. */
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MaintenanceBlock = z.infer<typeof maintenanceBlockSchema>;

export const adminUnitSchema = z.object({
  id: z.number().int(),
  plate: z.string(),
  /** Null until staff enter it; the rental agreement names it beside the plate. */
  vin: z.string().nullable(),
  carModelId: z.number().int(),
  carName: z.string(),
  branchCode: z.string(),
  status: z.enum(unitStatuses),
  /** Live and coming maintenance blocks (not lifted, not over). */
  blocks: z.array(maintenanceBlockSchema),
});
export type AdminUnit = z.infer<typeof adminUnitSchema>;

export const unitsQuerySchema = z.object({
  branch: z.string().max(20).optional(),
  carModelId: z.coerce.number().int().positive().optional(),
  status: z.enum(unitStatuses).optional(),
  q: z.string().trim().max(30).optional(),
});
export const unitBodySchema = z.object({
  carModelId: z.number().int().positive(),
  plate: plateSchema,
  /** Empty or null: no VIN yet. */
  vin: z.union([z.literal('').transform(() => null), z.null(), vinSchema]).optional(),
  branchCode: z.string().min(1).max(20),
  status: z.enum(unitStatuses).default('in_service'),
});
export const unitPatchSchema = patchOf(unitBodySchema);

export const maintenanceBodySchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    reason: z.string().trim().min(1, 'Required').max(500, 'Too long'),
  })
  .refine((b) => b.endDate >= b.startDate, { path: ['endDate'], message: 'Must not be before the start' });
export type MaintenanceBody = z.input<typeof maintenanceBodySchema>;

export const adminBranchSchema = z.object({
  code: z.string(),
  name: localizedSchema,
  address: localizedSchema,
  phone: z.string(),
  isAirport: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  minRentalHours: z.number().int(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  /** The branch's number at the Revenue Department ("00000": the head office) and its registered address. */
  taxBranchNo: z.string(),
  registeredAddress: thaiAddressSchema.nullable(),
  /** The out-of-hours band around the opening hours (null: none) and its fee per pickup or return, baht (decision 3602). */
  outOfHoursOpensAt: z.string().nullable(),
  outOfHoursClosesAt: z.string().nullable(),
  outOfHoursFee: z.number(),
  /** The counter's exact place (terminal, floor, gate or meeting point) in th/en/zh; null: none (decision 3611). */
  counterPlace: localizedSchema.nullable(),
  units: z.number().int(),
  /** Days ahead the branch is closed (public holidays, a move): no pickup or return then. */
  closures: z.array(z.object({ date: z.string(), note: z.string() })),
});
export type AdminBranch = z.infer<typeof adminBranchSchema>;
/** The refusals of a branch's out-of-hours band and fee (the back office says them in th/en/zh). */
export const branchMessages = {
  bandOpens: 'The out-of-hours band must start at or before opening',
  bandCloses: 'The out-of-hours band must end at or after closing',
  bandBoth: 'Give both ends of the out-of-hours band, or neither',
  fee: 'The out-of-hours fee must be 0 to 100,000 baht',
  counterPlaceMissing: "Give the counter's place in Thai, English and Chinese, or leave all three empty",
  counterPlaceLong: "The counter's place is at most 200 characters",
} as const;

/**
 * The counter's exact place in the three languages (decision 3611): all three or none (all empty: none,
 * null), each at most 200 characters; a missing language is said at its own field.
 */
export const counterPlaceInputSchema = z
  .object({
    th: z.string().trim().max(200, branchMessages.counterPlaceLong),
    en: z.string().trim().max(200, branchMessages.counterPlaceLong),
    zh: z.string().trim().max(200, branchMessages.counterPlaceLong),
  })
  .superRefine((place, ctx) => {
    const given = (['th', 'en', 'zh'] as const).filter((lang) => place[lang]);
    if (given.length === 0 || given.length === 3) return;
    for (const lang of ['th', 'en', 'zh'] as const)
      if (!place[lang])
        ctx.addIssue({ code: 'custom', path: [lang], message: branchMessages.counterPlaceMissing });
  })
  .transform((place) => (place.th ? place : null));

const branchFields = {
  name: localizedInputSchema,
  address: localizedInputSchema,
  phone: z.string().trim().min(3).max(30),
  isAirport: z.boolean().default(false),
  opensAt: timeSchema,
  closesAt: timeSchema,
  minRentalHours: z.number().int().min(1).max(24).default(4),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  taxBranchNo: z
    .string()
    .regex(/^\d{5}$/, taxMessages.branch)
    .default('00000'),
  /** Where the branch is registered (its tax invoices print it, decision 3402); checked against TISI. */
  registeredAddress: thaiAddressSchema.nullable().default(null),
  /** Takes pickups and returns also from/until these times for `outOfHoursFee` baht (both null: not out of hours). */
  outOfHoursOpensAt: timeSchema.nullable().default(null),
  outOfHoursClosesAt: timeSchema.nullable().default(null),
  outOfHoursFee: z.number().min(0, branchMessages.fee).max(100_000, branchMessages.fee).default(0),
  counterPlace: counterPlaceInputSchema.nullable().default(null),
};
export const branchBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{2,10}$/, '2-10 letters or digits'),
    ...branchFields,
  })
  .refine((b) => b.closesAt > b.opensAt, { path: ['closesAt'], message: 'Must be after opening' });
export const branchPatchSchema = patchOf(z.object(branchFields)).refine(
  (b) => !b.opensAt || !b.closesAt || b.closesAt > b.opensAt,
  {
    path: ['closesAt'],
    message: 'Must be after opening',
  },
);

export const branchClosureParamsSchema = z.object({
  code: z.string().min(1).max(20),
  date: isoDateSchema,
});
export const branchClosureBodySchema = z.object({ note: z.string().trim().max(200).default('') });

export const adminHotDealSchema = z.object({
  id: z.number().int(),
  carModelId: z.number().int(),
  carName: z.string(),
  discountPercent: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type AdminHotDeal = z.infer<typeof adminHotDealSchema>;
export const hotDealBodySchema = z
  .object({
    carModelId: z.number().int().positive(),
    discountPercent: z.number().gt(0).lt(100),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .refine((d) => Date.parse(d.endsAt) > Date.parse(d.startsAt), {
    path: ['endsAt'],
    message: 'Must be after the start',
  });
export type HotDealBody = z.input<typeof hotDealBodySchema>;

// ---------- settings ----------

const exchangeRateSchema = z
  .string()
  .trim()
  .refine(isRate, 'Baht per unit, more than 0, up to 4 decimals (e.g. 4.85)')
  .nullable();

export const adminSettingsSchema = z.object({
  rentalOpen: z.boolean(),
  bankAccount: z.object({ bank: localizedSchema, accountName: z.string(), accountNumber: z.string() }),
  promptpayId: z.string(),
  contact: z.object({
    phones: z.array(z.string()),
    email: z.string(),
    lineId: z.string(),
    messengerUrl: z.string(),
    wechatId: z.string(),
    whatsapp: z.string(),
    headOffice: localizedSchema,
  }),
  exchangeRates: z.object({
    rates: z.object({ CNY: z.string().nullable(), USD: z.string().nullable(), EUR: z.string().nullable() }),
    setOn: z.string().nullable(),
  }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const settingsPatchSchema = z.object({
  rentalOpen: z.boolean().optional(),
  bankAccount: z
    .object({
      bank: localizedInputSchema,
      accountName: z.string().trim().min(1).max(200),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9-]{6,30}$/, 'Digits and dashes only'),
    })
    .optional(),
  promptpayId: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\d{10}|\d{13}|\d{15})$/, 'A phone number, tax ID or e-wallet ID'))
    .optional(),
  contact: z
    .object({
      phones: z
        .array(
          z
            .string()
            .trim()
            .regex(/^[0-9+][0-9 -]{5,20}$/, 'Invalid phone number'),
        )
        .min(1)
        .max(5),
      email: z.string().trim().pipe(z.email('Invalid email format')),
      lineId: z.string().trim().max(50).optional(),
      messengerUrl: z.url().max(300).optional(),
      wechatId: z
        .string()
        .trim()
        .regex(/^[A-Za-z][A-Za-z0-9_-]{5,19}$/, 'A WeChat ID: 6-20 letters, digits, _ or -')
        .optional(),
      whatsapp: z
        .string()
        .trim()
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\+\d{8,15}$/, 'An international number: + and 8-15 digits'))
        .optional(),
      headOffice: localizedInputSchema.optional(),
    })
    .optional(),
  /** Baht per unit ("4.85"), or null to stop offering that currency; the day set is today's. */
  exchangeRates: z
    .object({ CNY: exchangeRateSchema, USD: exchangeRateSchema, EUR: exchangeRateSchema })
    .optional(),
});
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

// ---------- today ----------

export const dashboardSchema = z.object({
  date: z.string(),
  fleet: z.object({
    carModels: z.number().int(),
    activeCarModels: z.number().int(),
    units: z.number().int(),
    unitsInService: z.number().int(),
    unitsInMaintenanceToday: z.number().int(),
  }),
  branches: z.array(
    z.object({
      code: z.string(),
      name: localizedSchema,
      unitsInService: z.number().int(),
      inMaintenanceToday: z.number().int(),
    }),
  ),
  maintenanceToday: z.array(
    z.object({
      holdId: z.number().int(),
      unitId: z.number().int(),
      plate: z.string(),
      carName: z.string(),
      branchCode: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------- envelopes ----------

export const dashboardResponseSchema = dataEnvelope(dashboardSchema);
export const categoriesResponseSchema = dataEnvelope(z.array(adminCategorySchema));
export const categoryResponseSchema = dataEnvelope(adminCategorySchema);
export const featuresResponseSchema = dataEnvelope(z.array(adminFeatureSchema));
export const carModelsResponseSchema = dataEnvelope(z.array(adminCarModelSummarySchema));
export const carModelResponseSchema = dataEnvelope(adminCarModelSchema);
export const unitsResponseSchema = dataEnvelope(z.array(adminUnitSchema));
export const unitResponseSchema = dataEnvelope(adminUnitSchema);
export const maintenanceBlockResponseSchema = dataEnvelope(maintenanceBlockSchema);
export const branchesResponseSchema = dataEnvelope(z.array(adminBranchSchema));
export const branchResponseSchema = dataEnvelope(adminBranchSchema);
export const hotDealsResponseSchema = dataEnvelope(z.array(adminHotDealSchema));
export const hotDealResponseSchema = dataEnvelope(adminHotDealSchema);
export const settingsResponseSchema = dataEnvelope(adminSettingsSchema);
export const okResponseSchema = dataEnvelope(z.object({ ok: z.literal(true) }));
