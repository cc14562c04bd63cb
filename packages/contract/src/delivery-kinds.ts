/**
 * Where a car is delivered to or collected from (delivery.ts has the rest). Without zod: the booking
 * form's first load shows these choices before any schema is loaded (issue 33's JavaScript budget).
 */
export const deliveryKinds = ['address', 'hotel', 'flight'] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];
