import { z } from 'zod';
import { localizedInputSchema, localizedSchema, patchOf } from './admin';
import { dataEnvelope } from './envelope';

/** One-way routes and delivery zones as admins set them (the price lists of delivery.ts). */

export const oneWayFeeSchema = z.object({
  fromBranch: z.string(),
  toBranch: z.string(),
  /** Baht. */
  fee: z.number(),
});
export type OneWayFee = z.infer<typeof oneWayFeeSchema>;
export const oneWayFeeBodySchema = z
  .object({
    fromBranch: z.string().min(1).max(32),
    toBranch: z.string().min(1).max(32),
    fee: z.number().min(0).max(100_000),
  })
  .refine((r) => r.fromBranch !== r.toBranch, {
    path: ['toBranch'],
    message: 'A one-way return goes to another branch',
  });

export const deliveryZoneSchema = z.object({
  id: z.number().int(),
  branchCode: z.string(),
  name: localizedSchema,
  /** Baht. */
  fee: z.number(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;
export const deliveryZoneBodySchema = z.object({
  branchCode: z.string().min(1).max(32),
  name: localizedInputSchema,
  fee: z.number().min(0).max(100_000),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export const deliveryZonePatchSchema = patchOf(deliveryZoneBodySchema.omit({ branchCode: true }));
export const oneWayFeesResponseSchema = dataEnvelope(z.array(oneWayFeeSchema));
export const oneWayFeeResponseSchema = dataEnvelope(oneWayFeeSchema);
export const oneWayRouteParamsSchema = z.object({ from: z.string().max(32), to: z.string().max(32) });
export const deliveryZonesResponseSchema = dataEnvelope(z.array(deliveryZoneSchema));
export const deliveryZoneResponseSchema = dataEnvelope(deliveryZoneSchema);
