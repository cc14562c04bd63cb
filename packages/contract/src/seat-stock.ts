import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { childSeatRules, seatCodes } from './child-seats';

/** One branch's child seats in the back office (docs/decisions/3620): its stock per kind. */
export const branchSeatStockSchema = z.object({
  branchCode: z.string(),
  branchName: z.string(),
  stock: z.record(z.enum(seatCodes), z.number().int()),
});
export type BranchSeatStock = z.infer<typeof branchSeatStockSchema>;
export const seatStockResponseSchema = dataEnvelope(z.array(branchSeatStockSchema));
export const branchSeatStockResponseSchema = dataEnvelope(branchSeatStockSchema);

/** The most seats of one kind a branch may keep (the table's CHECK). */
export const maxSeatStock = 999;
export const seatStockBodySchema = z.object({
  stock: z.object(
    Object.fromEntries(seatCodes.map((c) => [c, z.number().int().min(0).max(maxSeatStock)])) as Record<
      (typeof seatCodes)[number],
      z.ZodNumber
    >,
  ),
});
export type SeatStockBody = z.infer<typeof seatStockBodySchema>;
export const seatBranchParamsSchema = z.object({ code: z.string().min(1).max(32) });

/** Why a booking's seats are refused before the stock is asked (field errors, `addons.<kind>`). */
export const seatMessages = {
  tooManyOfKind: `At most ${childSeatRules.maxPerKind} of each kind of seat`,
  tooManyForCar: 'More child seats than this car has seats for',
} as const;
