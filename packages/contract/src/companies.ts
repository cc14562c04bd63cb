import { z } from 'zod';
import { emailSchema } from './auth';
import { dataEnvelope } from './envelope';
import { taxBuyerSchema } from './tax-invoices';

/**
 * Company accounts (issue 18, part 3; docs/decisions/1807): staff open an account for a company (its
 * tax details and billing address) and add its people's customer accounts as members. A member books
 * "on the company's account": nothing is paid at booking, and the company gets one full tax invoice a
 * month listing every booking of its members picked up in that month. Managers among the members
 * download those invoices from their profile; drivers only book.
 */
export const companyRoles = ['driver', 'manager'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const companyMessages = {
  notMember: 'Your account is not part of a company account',
  /** The counter's walk-in on a company's account (decision 3662): the customer's account email names the member. */
  walkInNotMember: 'This customer is not a member of a company account: give their account email',
  suspended: "The company's account is suspended: please choose another payment method",
  noCustomer: 'No customer account has this email: they sign up first',
  elsewhere: 'This customer is already a member of another company',
  duplicate: 'A company with this tax ID and branch already has an account',
  onMonthlyInvoice: "This booking is billed on the company's monthly tax invoice",
} as const;

export const companyBodySchema = z.object({
  buyer: taxBuyerSchema,
  billingEmail: emailSchema,
  active: z.boolean().default(true),
  /**
   * Deposits billed to the company (decisions 3612, 3662): its bookings' deposits are `on_account`,
   * nothing is taken from the employee, and what staff keep at the return goes on its monthly invoice.
   */
  depositsOnAccount: z.boolean().optional(),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

export const companyMemberBodySchema = z.object({
  email: emailSchema,
  role: z.enum(companyRoles),
});
export type CompanyMemberBody = z.input<typeof companyMemberBodySchema>;

export const companyMemberParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

/** A monthly invoice's address: MI-year-000001. */
export const monthlyInvoiceNumberSchema = z
  .string()
  .regex(/^MI-\d{4}-\d{6}$/, 'Not a monthly invoice number');
export const companyInvoiceParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  number: monthlyInvoiceNumberSchema,
});
export const myCompanyInvoiceParamsSchema = z.object({ number: monthlyInvoiceNumberSchema });

const monthlyInvoiceSchema = z.object({
  number: z.string(),
  /** The month billed, YYYY-MM (Bangkok). */
  month: z.string(),
  issuedAt: z.string(),
  bookings: z.number().int(),
  /** Satang, VAT included. */
  total: z.number().int(),
});
export type MonthlyInvoice = z.infer<typeof monthlyInvoiceSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  buyer: z.object({
    companyName: z.string(),
    address: z.string(),
    // Accounts opened before decision 3402 have neither until next changed.
    subDistrictCode: z.string().optional(),
    postcode: z.string().optional(),
    taxId: z.string(),
    branch: z.string(),
  }),
  billingEmail: z.string(),
  active: z.boolean(),
  depositsOnAccount: z.boolean(),
  members: z.array(
    z.object({ userId: z.number().int(), name: z.string(), email: z.string(), role: z.enum(companyRoles) }),
  ),
  invoices: z.array(monthlyInvoiceSchema),
  /** Bookings on the account not yet on an invoice (this month's, and any of an ended month about to be). */
  unbilled: z.object({ bookings: z.number().int(), total: z.number().int() }),
});
export type Company = z.infer<typeof companySchema>;

export const companySummarySchema = companySchema.pick({ id: true, buyer: true, active: true }).extend({
  members: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companyResponseSchema = dataEnvelope(companySchema);
export const companiesResponseSchema = dataEnvelope(z.array(companySummarySchema));
export const issuedInvoicesResponseSchema = dataEnvelope(z.array(monthlyInvoiceSchema));

/** The signed-in customer's company (null: none): what the booking form and the profile need. */
export const myCompanySchema = z
  .object({
    name: z.string(),
    role: z.enum(companyRoles),
    /** Bookings can be made on the account now (staff may suspend it). */
    active: z.boolean(),
    /** The company's monthly invoices: managers only (a driver gets an empty list). */
    invoices: z.array(monthlyInvoiceSchema),
  })
  .nullable();
export type MyCompany = z.infer<typeof myCompanySchema>;
export const myCompanyResponseSchema = dataEnvelope(myCompanySchema);
