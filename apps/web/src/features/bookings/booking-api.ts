import type { TaxBuyer, TaxBuyerInput } from '@siam/contract/tax-invoices';
import type { MyCompany } from '@siam/contract/companies';
import type { CustomerRefund } from '@siam/contract/refunds';
import type { DepositPromptPay } from '@siam/contract/deposits';
import type { GatewaySource } from '@siam/contract/bookings';
import type { CardVault } from '@siam/contract/card-tokens';
import type { DeliveryOptions } from '@siam/contract/delivery';
import type {
  Booking,
  ChangeBody,
  ChangeOptions,
  ChangeQuote,
  CreateBookingBody,
  PayAgainBody,
  WaitingChange,
  Quote,
  QuoteBody,
  paymentInstructionsSchema,
} from '@siam/contract/bookings';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { downloadPrivateFile } from '../../lib/private-files';

export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
type Data<T> = { status: true; response: { data: T } };

export const fetchQuote = (body: QuoteBody) =>
  apiRequest<Data<Quote>>('/guest/bookings/quote', { method: 'POST', body }).then((r) => r.response.data);

export const fetchAddons = () =>
  apiRequest<Data<{ code: string; name: string; description: string; pricePerDay: number }[]>>(
    '/guest/addons',
  ).then((r) => r.response.data);

export const fetchGateway = () =>
  apiRequest<
    Data<{
      name: string;
      sandbox: boolean;
      sources: GatewaySource[];
      card: CardVault;
      /** Whether a deposit held on a card can be kept in part (else whole or none, decision 3401). */
      partialCapture: boolean;
    }>
  >('/guest/payment-gateway').then((r) => r.response.data);

export const validatePromo = (body: Omit<QuoteBody, 'promoCode'> & { code: string }) =>
  apiRequest<Data<{ code: string; discount: number | null }>>('/guest/promotions/validate', {
    method: 'POST',
    body,
  }).then((r) => r.response.data);

export const createBooking = (body: CreateBookingBody, idempotencyKey: string) =>
  apiRequest<Data<{ booking: Booking; instructions: PaymentInstructions }>>('/guest/bookings/create', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  }).then((r) => r.response.data);

/** Pays again a booking whose card was refused, while it holds its car (another card, or another way). */
export const payAgain = (id: number, body: PayAgainBody, idempotencyKey: string) =>
  apiRequest<Data<{ booking: Booking; instructions: PaymentInstructions }>>(`/auth/bookings/${id}/pay`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  }).then((r) => r.response.data);

export const fetchBookings = () => apiRequest<Data<Booking[]>>('/auth/bookings').then((r) => r.response.data);

export const fetchBooking = (idOrNumber: string | number) =>
  apiRequest<Data<Booking>>(`/auth/bookings/${encodeURIComponent(String(idOrNumber))}`).then(
    (r) => r.response.data,
  );

export const fetchPaymentInstructions = (id: number) =>
  apiRequest<Data<PaymentInstructions>>(`/auth/bookings/${id}/payment`).then((r) => r.response.data);

/** Back from the bank's page (3-D Secure) or a wallet's: the gateway is asked about the booking's charge now. */
export const checkPayment = (id: number) =>
  apiRequest<Data<Booking>>(`/auth/bookings/${id}/payment-check`, { method: 'POST', body: {} }).then(
    (r) => r.response.data,
  );

export const cancelBooking = (id: number) =>
  apiRequest<Data<Booking>>(`/auth/bookings/${id}/cancel`, { method: 'PUT', body: {} }).then(
    (r) => r.response.data,
  );

export const uploadSlip = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Data<Booking>>(`/auth/bookings/${id}/slip`, { method: 'POST', body: form }).then(
    (r) => r.response.data,
  );
};

/** The PDF receipt in the visitor's language. */
export const downloadReceipt = (booking: Pick<Booking, 'id' | 'bookingNumber'>) =>
  downloadPrivateFile(
    `/auth/bookings/${booking.id}/receipt?lng=${i18n.resolvedLanguage ?? 'en'}`,
    `siam-drive-${booking.bookingNumber}.pdf`,
  );

/** The full tax invoice (issued on first asking once paid), as a PDF. */
export const downloadTaxInvoice = (booking: Pick<Booking, 'id' | 'bookingNumber'>) =>
  downloadPrivateFile(`/auth/bookings/${booking.id}/tax-invoice`, `tax-invoice-${booking.bookingNumber}.pdf`);

/** A credit or debit note of the booking's tax invoice (issued when it was cancelled or changed). */
export const downloadTaxNote = (booking: Pick<Booking, 'id'>, number: string) =>
  downloadPrivateFile(
    `/auth/bookings/${booking.id}/tax-notes/${number}`,
    `${number.startsWith('CN-') ? 'credit-note' : 'debit-note'}-${number}.pdf`,
  );

/** The customer's company account (null: none), with its monthly invoices for managers. */
export const fetchMyCompany = () => apiRequest<Data<MyCompany>>('/auth/company').then((r) => r.response.data);

/** A company's monthly tax invoice (managers), as a PDF or its e-Tax XML. */
export const downloadMonthlyInvoice = (number: string, format: 'pdf' | 'xml') =>
  downloadPrivateFile(`/auth/company/invoices/${number}?format=${format}`, `tax-invoice-${number}.${format}`);

/** The company details the customer keeps for tax invoices (null: none). */
export const fetchTaxDetails = () =>
  apiRequest<Data<TaxBuyer | null>>('/auth/tax-details').then((r) => r.response.data);
export const saveTaxDetails = (details: TaxBuyerInput) =>
  apiRequest<Data<TaxBuyer>>('/auth/tax-details', { method: 'PUT', body: details }).then(
    (r) => r.response.data,
  );
export const forgetTaxDetails = () =>
  apiRequest<Data<null>>('/auth/tax-details', { method: 'DELETE' }).then((r) => r.response.data);

/** The cars at a booking's branch and the extras, to change to. */
export const fetchChangeOptions = (id: number) =>
  apiRequest<Data<ChangeOptions>>(`/auth/bookings/${id}/change/options`).then((r) => r.response.data);

/** What changing a booking (or extending a rental) would cost; nothing is held. */
export const quoteChange = (id: number, body: ChangeBody) =>
  apiRequest<Data<ChangeQuote>>(`/auth/bookings/${id}/change/quote`, { method: 'POST', body }).then(
    (r) => r.response.data,
  );

/** Moves the booking (or extends the rental): all or nothing; one key per attempt, as for a booking. */
export const changeBooking = (id: number, body: ChangeBody, idempotencyKey: string) =>
  apiRequest<Data<{ booking: Booking; charged: number; refunded: number; waiting: WaitingChange | null }>>(
    `/auth/bookings/${id}/change`,
    {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    },
  ).then((r) => r.response.data);

/** The booking's latest change paid by PromptPay or a wallet (waiting, made or lapsed), asked after at the gateway. */
export const fetchWaitingChange = (id: number) =>
  apiRequest<Data<WaitingChange | null>>(`/auth/bookings/${id}/change/waiting`).then((r) => r.response.data);

/** Where a car from this branch may be returned, and the zones delivered to (fees in satang). */
export const fetchDeliveryOptions = (branchCode: string) =>
  apiRequest<Data<DeliveryOptions>>(
    `/guest/branches/${encodeURIComponent(branchCode)}/delivery-options`,
  ).then((r) => r.response.data);

/** Holds the booking's deposit on a card (its token): authorised, not charged. */
export const holdDepositOnCard = (id: number, cardToken: string) =>
  apiRequest<Data<Booking>>(`/auth/bookings/${id}/deposit-hold`, {
    method: 'POST',
    body: { cardToken },
  }).then((r) => r.response.data);

/** The deposit's PromptPay QR before pickup (decision 3652): made when none is live, the same one again otherwise. */
export const payDepositByPromptPay = (id: number) =>
  apiRequest<Data<DepositPromptPay>>(`/auth/bookings/${id}/deposit-promptpay`, {
    method: 'POST',
    body: {},
  }).then((r) => r.response.data);

/** The deposit and its live QR, asked after at the gateway: the panel asks every few seconds. */
export const fetchDepositPromptPay = (id: number) =>
  apiRequest<Data<DepositPromptPay>>(`/auth/bookings/${id}/deposit-promptpay`).then((r) => r.response.data);

/** Sends a picture of a driver's licence before arrival (kept privately, without its metadata). */
export const uploadLicencePicture = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Data<Booking>>(`/auth/bookings/${id}/licence-pictures`, {
    method: 'POST',
    body: form,
  }).then((r) => r.response.data);
};

/** Signs the rental agreement with the drawn signature (a PNG), once the pickup is recorded. */
export const signAgreement = (id: number, signature: string) =>
  apiRequest<Data<Booking>>(`/auth/bookings/${id}/agreement`, { method: 'POST', body: { signature } }).then(
    (r) => r.response.data,
  );

/** The rental agreement as signed (PDF): the customer's, or staff's copy from the back office. */
export const downloadAgreement = (booking: Pick<Booking, 'id' | 'bookingNumber'>, staff = false) =>
  downloadPrivateFile(
    `/${staff ? 'admin' : 'auth'}/bookings/${booking.id}/agreement`,
    `rental-agreement-${booking.bookingNumber}.pdf`,
  );

/** My booking's refunds: paid, being sent, or waiting for my PromptPay ID (decision 3650). */
/** All of my refunds in one request, whatever the number of bookings listed. */
export const fetchMyRefunds = () =>
  apiRequest<Data<CustomerRefund[]>>('/auth/refunds').then((r) => r.response.data);

/** The PromptPay ID (and the name on the account) a refund staff send by hand goes to. */
export const giveRefundPromptPayId = (
  id: number,
  refundId: number,
  body: { promptpayId: string; accountName: string },
) =>
  apiRequest<Data<CustomerRefund[]>>(`/auth/bookings/${id}/refunds/${refundId}/promptpay`, {
    method: 'PUT',
    body,
  }).then((r) => r.response.data);
