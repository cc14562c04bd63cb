/**
 * The references the server writes on a payment that staff recorded by hand (apps/api: confirmPayment
 * and the walk-in desk). They are stored as English words, so the booking page names them in the
 * staff member's language instead (`booking.paymentReference.*`); any other reference (a gateway's
 * charge id) is shown as it is. payment-words.test.ts finds every such reference in the API's sources
 * and fails on one missing here.
 */
export const staffPaymentReferences = {
  'slip verified by staff': 'slipVerified',
  'cash received by staff': 'cashReceived',
  'transfer received by staff': 'transferReceived',
  'card terminal payment received by staff': 'terminalReceived',
  'promptpay payment received by staff': 'promptpayReceived',
  'change difference received by staff': 'changeReceived',
} as const;

export type StaffPaymentReference = (typeof staffPaymentReferences)[keyof typeof staffPaymentReferences];

/** The words key of a payment's reference, or null when it is not one of staff's own. */
export function staffReferenceKey(reference: string): StaffPaymentReference | null {
  return Object.hasOwn(staffPaymentReferences, reference)
    ? staffPaymentReferences[reference as keyof typeof staffPaymentReferences]
    : null;
}
