import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { thaiAddressSchema } from './thai-address';

/**
 * Full tax invoices for companies (issue 18, part 3; docs/decisions/1801). A company customer gives
 * its name, address, tax ID and branch (head office or a five-digit branch number) when booking or in
 * the profile; once the booking is paid, a full tax invoice (ใบกำกับภาษีเต็มรูป) is issued with the
 * next running number of the rental branch, as a PDF and in ETDA's e-Tax invoice XML. The address is
 * its line (house number, street) with the sub-district's TISI code and the postcode, which ETDA's XML
 * asks of a Thai buyer (decision 3402).
 */
export const taxMessages = {
  companyName: 'Please enter the company name',
  address: 'Please enter the company address',
  taxId: 'A tax ID is 13 digits',
  taxIdChecksum: 'This tax ID is not valid: check the digits',
  branch: 'Head office, or a branch number of 5 digits',
} as const;

/**
 * A Thai tax ID (and national ID): 13 digits whose last is the check digit of the first twelve,
 * weighted 13 down to 2 (the Revenue Department's rule).
 */
export function isThaiTaxId(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(id[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}

export const taxBuyerSchema = z.object({
  companyName: z.string().trim().min(2, taxMessages.companyName).max(200, taxMessages.companyName),
  address: z.string().trim().min(3, taxMessages.address).max(256, taxMessages.address),
  subDistrictCode: thaiAddressSchema.shape.subDistrictCode,
  postcode: thaiAddressSchema.shape.postcode,
  taxId: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{13}$/, taxMessages.taxId)
        .refine(isThaiTaxId, taxMessages.taxIdChecksum),
    ),
  /** "00000": the head office; otherwise the buyer's branch number. */
  branch: z
    .string()
    .regex(/^\d{5}$/, taxMessages.branch)
    .default('00000'),
});
export type TaxBuyer = z.output<typeof taxBuyerSchema>;
export type TaxBuyerInput = z.input<typeof taxBuyerSchema>;

/** The profile's saved company details (null: none saved), as the API answers them. */
export const taxDetailsResponseSchema = dataEnvelope(
  z
    .object({
      companyName: z.string(),
      address: z.string(),
      // Details kept before decision 3402 have neither: the form asks for them when next changed.
      subDistrictCode: z.string().optional(),
      postcode: z.string().optional(),
      taxId: z.string(),
      branch: z.string(),
    })
    .nullable(),
);

export const taxInvoiceQuerySchema = z.object({ format: z.enum(['pdf', 'xml']).default('pdf') });
/** A credit or debit note's address: its booking and number (CN-/DN-branch-year-000001). */
export const taxNoteParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  number: z.string().regex(/^(CN|DN)-[A-Z0-9-]{1,40}$/, 'Not a note number'),
});
