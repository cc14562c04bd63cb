import { z } from 'zod';
import { depositMethods } from './deposits';

/**
 * The digital hand-over (issue 18, parts 1 and 2; docs/decisions/1804): at pickup and at return staff
 * write a condition report — the car's photos, fuel, mileage and damage marks on a car outline; the
 * return's adds charges (late hours from the pricing rules, fuel, cleaning, damage) taken from the
 * deposit; the customer signs the rental agreement with a drawn signature. ("Condition report", not
 * "hand-over", in code: booking_deliveries are the delivery and collection legs of decision 1704.)
 */

export const reportKinds = ['pickup', 'return'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** What a damage mark is: the outline shows where, this says what. */
export const damageTypes = ['scratch', 'dent', 'crack', 'other'] as const;

/** A mark on the car outline: x and y in percent of the outline's width and height (top view). */
export const damageMarkSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  type: z.enum(damageTypes),
  note: z.string().trim().max(200, 'Too long').default(''),
});
export type DamageMark = z.output<typeof damageMarkSchema>;

/** Staff charge these after a return; `late` is the pricing rules' own, computed by the server. */
export const staffChargeKinds = ['fuel', 'cleaning', 'damage'] as const;
export const chargeKinds = ['late', ...staffChargeKinds] as const;
export type ChargeKind = (typeof chargeKinds)[number];

/** How often a hand-over takes photos at most, and each photo's largest size. */
export const reportLimits = { photos: 12, photoBytes: 8 * 1024 * 1024, signatureBytes: 300_000 } as const;

export const reportMessages = {
  photosFirst: 'Take at least one photo of the car first',
  notConfirmed: 'Only a confirmed booking can be handed over',
  pickupFirst: 'Record the pickup first',
  notActive: 'Only a car that is out can be taken back',
  recorded: 'This hand-over is recorded already',
  mileageBack: 'The mileage cannot be lower than at pickup',
  chargesOverDeposit: 'The charges are more than the deposit held: settle the rest at the counter',
  signed: 'The agreement is signed already',
  signatureEmpty: 'Sign in the box first',
  noAgreement: 'The agreement is ready to sign once the pickup is recorded',
  returnedAt: 'The return cannot be before the pickup or in the future',
  /** The quick "picked up" step refused (issue 36 part 6): the inspection is the hand-over. */
  inspectionFirst: 'Do the pickup inspection first: its condition report hands the car over',
} as const;

const fuelEighths = z.coerce.number().int().min(0, 'From 0 to 8 eighths').max(8, 'From 0 to 8 eighths');
const mileageKm = z.coerce
  .number({ error: 'Whole kilometres' })
  .int('Whole kilometres')
  .min(0, 'Whole kilometres')
  .max(2_000_000, 'Whole kilometres');

const reportBase = {
  fuelEighths,
  mileageKm,
  /** Marks of damage seen now (at return: the new ones; the pickup's are shown beside). */
  damage: z.array(damageMarkSchema).max(30, 'At most 30 marks').default([]),
  notes: z.string().trim().max(1000, 'Too long').default(''),
  /** Photos sent first (POST …/condition-reports/:kind/photos), kept with this report. */
  photoIds: z.array(z.number().int().positive()).min(1, reportMessages.photosFirst).max(reportLimits.photos),
};

export const pickupReportBodySchema = z.object({
  ...reportBase,
  /** The deposit, when still due, taken now: cash, or a hold on the counter's card terminal. */
  depositMethod: z.enum(depositMethods).optional(),
  /** Another free unit of the model handed over instead of the one held (its hold moves with it). */
  unitId: z.number().int().positive().optional(),
});
export type PickupReportBody = z.input<typeof pickupReportBodySchema>;

export const returnReportBodySchema = z.object({
  ...reportBase,
  /** When the car came back, if not now (staff recording a moment later); never in the future. */
  returnedAt: z.iso.datetime({ offset: true }).optional(),
  charges: z
    .array(
      z.object({
        kind: z.enum(staffChargeKinds),
        /** Whole baht. */
        amount: z.coerce.number().int('Whole baht').min(1, 'More than 0').max(100_000, 'Too much'),
        note: z.string().trim().max(200, 'Too long').default(''),
      }),
    )
    .max(10)
    .default([]),
});
export type ReturnReportBody = z.input<typeof returnReportBodySchema>;

export const reportKindParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  kind: z.enum(reportKinds),
});

/** A drawn signature: a PNG as a data URL, from the signature pad. */
export const signatureBodySchema = z.object({
  signature: z
    .string()
    .max(Math.ceil((reportLimits.signatureBytes * 4) / 3) + 40, 'The signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, reportMessages.signatureEmpty),
  /** Who signs (staff's phone: the customer's name as they write it); defaults to the main driver. */
  signerName: z.string().trim().min(1).max(120).optional(),
});

// ---------- as people see them ----------

export const conditionReportViewSchema = z.object({
  kind: z.enum(reportKinds),
  fuelEighths: z.number().int(),
  mileageKm: z.number().int(),
  damage: z.array(damageMarkSchema),
  notes: z.string(),
  recordedAt: z.string(),
  photos: z.array(z.object({ id: z.number().int() })),
});
export type ConditionReportView = z.infer<typeof conditionReportViewSchema>;

export const chargeViewSchema = z.object({
  kind: z.enum(chargeKinds),
  /** Satang. */
  amount: z.number().int(),
  note: z.string(),
  /** Late: the hours charged. */
  hours: z.number().int().nullable(),
});
export type ChargeView = z.infer<typeof chargeViewSchema>;

export const agreementViewSchema = z.object({
  signedAt: z.string(),
  signerName: z.string(),
  /** SHA-256 of the signed PDF as stored: either side can check a copy is the one signed. */
  sha256: z.string(),
});

/** A photo sent before its report is saved. */
export const reportPhotoResponseSchema = z.object({
  status: z.literal(true),
  response: z.object({ data: z.object({ id: z.number().int() }) }),
});
