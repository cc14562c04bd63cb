import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { deliveryKinds } from './delivery-kinds';

/**
 * One-way returns and delivery (issue 17, part 3). A car may be returned to another branch when the
 * company offers that route (a fee per route, set by admins), and delivered to, or collected from,
 * an address, a hotel or an arriving flight within one of the pickup branch's zones (a fee per zone).
 * Fees are part of the total (VAT included), never discounted by a promotion code.
 */

/** A flight number as airlines print it: two letters or digits, then one to four digits (TG 661, FD3012). */
export const FLIGHT_NUMBER = /^[A-Z0-9]{2} ?\d{1,4}[A-Z]?$/;

export const deliveryMessages = {
  address: 'Please enter the address or hotel',
  flight: 'Please enter a flight number such as TG 661',
  zone: 'Please choose an area',
} as const;

/** A zone is all a quote needs to price a delivery or collection. */
export const deliveryZoneSchema = z.object({
  zoneId: z.number({ error: deliveryMessages.zone }).int().positive(deliveryMessages.zone),
});

/** Where the car is brought to the customer (delivery) or fetched from them (collection). */
export const deliveryRequestSchema = deliveryZoneSchema
  .extend({
    kind: z.enum(deliveryKinds),
    /** A street address, or the hotel's name and address. */
    address: z.string().trim().max(300, 'Too long').default(''),
    /** For a flight: the customer is met at arrivals. */
    flightNumber: z.string().trim().toUpperCase().max(8, deliveryMessages.flight).default(''),
  })
  .superRefine((h, ctx) => {
    if (h.kind === 'flight' && !FLIGHT_NUMBER.test(h.flightNumber))
      ctx.addIssue({ code: 'custom', path: ['flightNumber'], message: deliveryMessages.flight });
    if (h.kind !== 'flight' && h.address.length < 5)
      ctx.addIssue({ code: 'custom', path: ['address'], message: deliveryMessages.address });
  });
export type DeliveryRequest = z.input<typeof deliveryRequestSchema>;

/** A fee of the booking's total besides the rental and extras. */
/** Out-of-hours pickups and returns (decision 3602) are a fee too: one line for the pickup's and the return's. */
export const feeCodes = ['one_way', 'delivery', 'collection', 'out_of_hours'] as const;
export const feeLineSchema = z.object({
  code: z.enum(feeCodes),
  label: z.string(),
  amount: z.number().int(),
});
export type FeeLine = z.infer<typeof feeLineSchema>;

/** A booking's delivery or collection as the customer and staff see it. */
export const bookingDeliverySchema = z.object({
  zoneName: z.string(),
  kind: z.enum(deliveryKinds),
  address: z.string(),
  flightNumber: z.string(),
  fee: z.number().int(),
});
export type BookingDelivery = z.infer<typeof bookingDeliverySchema>;

/** What a branch offers the booking form: routes for a one-way return and delivery zones (satang). */
export const deliveryOptionsSchema = z.object({
  oneWay: z.array(z.object({ branchCode: z.string(), branchName: z.string(), fee: z.number().int() })),
  /** The pickup branch's zones (delivery) and the route branches' (collection after a one-way return). */
  zones: z.array(
    z.object({ id: z.number().int(), name: z.string(), fee: z.number().int(), branchCode: z.string() }),
  ),
});
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;

export const deliveryOptionsResponseSchema = dataEnvelope(deliveryOptionsSchema);
