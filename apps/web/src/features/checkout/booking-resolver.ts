import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import { cardSchema, driverSchema } from '@siam/contract/bookings';
import { bangkokToday } from '@siam/contract/bangkok-time';
import { cardExpired, cardMessages } from '@siam/contract/card-tokens';
import { additionalDriverSchema, driverProblems, type DriverRules } from '@siam/contract/drivers';
import { FLIGHT_NUMBER, deliveryMessages, deliveryRequestSchema } from '@siam/contract/delivery';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import { taxBuyerSchema } from '@siam/contract/tax-invoices';
import type { DeliveryErrors, DeliveryPlan } from '../bookings/delivery-fields';
import { taxBuyerOf, type DriverValues, type FormValues } from './booking-form-values';
import { problemText } from './car-figure-words';

/** Delivery and collection as the server takes them; each problem as a text key at its path. */
export function checkDeliveries(h: DeliveryPlan): DeliveryErrors {
  const errors: DeliveryErrors = {};
  for (const leg of ['delivery', 'collection'] as const) {
    const parsed = h[leg] && deliveryRequestSchema.safeParse(h[leg]);
    if (parsed && !parsed.success)
      for (const issue of parsed.error.issues)
        errors[`${leg}.${String(issue.path[0])}`] ??= problemText(issue.message, 'validation.check');
  }
  const flight = h.flightNumber.trim().toUpperCase();
  if (flight && !FLIGHT_NUMBER.test(flight)) errors.flightNumber = deliveryMessages.flight;
  return errors;
}

/**
 * The contract's rules (driverSchema, cardSchema: the API's own), as react-hook-form
 * errors whose message is the contract's message (said in its words, the API's too) or a text
 * key, so each is said in the language of the moment.
 * A card is checked only when one is paid with; the drivers against the car's rules once
 * the quote has said them (the server checks them again, and decides).
 */
export type ResolverContext = {
  needsCard: boolean;
  /** Staff's changes to the licence rules, as the server checks drivers by them (decision 3601). */
  licenceRules?: LicenceRuleChanges;
  rental?: { rules: DriverRules; pickupDate: string; returnDate: string };
};
export const bookingResolver: Resolver<FormValues, ResolverContext> = async (values, context) => {
  const errors: FieldErrors<FormValues> = {};
  /** Puts an error at a dotted path (`additionalDrivers.1.birthDate`), the first one found staying. */
  const put = (path: (string | number)[], message: string, fallback: string) => {
    let at = errors as Record<string | number, unknown>;
    for (const [i, key] of path.slice(0, -1).entries())
      at = (at[key] ??= typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
    at[path.at(-1)!] ??= { type: 'validate', message: problemText(message, fallback) };
  };
  const checkDriver = (
    prefix: (string | number)[],
    schema: typeof driverSchema | typeof additionalDriverSchema,
    value: DriverValues,
  ) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        put([...prefix, String(issue.path[0])], issue.message, 'validation.check');
    else if (context?.rental)
      for (const problem of driverProblems(
        parsed.data,
        context.rental.rules,
        {
          ...context.rental,
          today: bangkokToday(),
        },
        context.licenceRules,
      ))
        put([...prefix, problem.field], problem.message, 'validation.check');
  };
  checkDriver(['driver'], driverSchema, values.driver);
  values.additionalDrivers.forEach((d, i) =>
    checkDriver(['additionalDrivers', i], additionalDriverSchema, d),
  );
  if (values.method === 'card' && context?.needsCard !== false) {
    const c = cardSchema.safeParse(values.card);
    if (!c.success)
      for (const issue of c.error.issues)
        put(['card', String(issue.path[0])], issue.message, 'validation.check');
    else if (cardExpired(c.data.expiry, new Date()))
      put(['card', 'expiry'], cardMessages.expired, cardMessages.expired);
  }
  // On a company's account the invoice is the company's monthly one: no details asked.
  if (values.company.wanted && values.method !== 'company_account') {
    const c = taxBuyerSchema.safeParse(taxBuyerOf(values.company));
    if (!c.success)
      for (const issue of c.error.issues) {
        const field = String(issue.path[0]);
        put(['company', field === 'branch' ? 'branchNo' : field], issue.message, 'validation.check');
      }
  }
  if (!values.acceptTerms) errors.acceptTerms = { type: 'validate', message: 'validation.terms' };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** The booking form as each section is handed it. */
export type BookingForm = UseFormReturn<FormValues, ResolverContext>;
/** A field's error in the language of the moment (errors hold contract messages or text keys). */
export type Say = (error?: { message?: string }) => string | undefined;
