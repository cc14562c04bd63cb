import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** What every page needs to know about the company: the rental switch and how to reach us. */
export const publicSiteSettingsSchema = z.object({
  rentalOpen: z.boolean(),
  contact: z.object({
    phones: z.array(z.string()),
    email: z.string(),
    lineId: z.string(),
    messengerUrl: z.string(),
    wechatId: z.string(),
    whatsapp: z.string(),
    headOffice: z.string(),
  }),
  bankAccount: z.object({ bank: z.string(), accountName: z.string(), accountNumber: z.string() }),
  promptpayId: z.string(),
  /** Baht per unit of each currency a visitor may see prices in (null: not offered), and the day they were set. */
  exchangeRates: z.object({
    CNY: z.string().nullable(),
    USD: z.string().nullable(),
    EUR: z.string().nullable(),
  }),
  exchangeRatesSetOn: z.string().nullable(),
});
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

export const publicSiteSettingsResponseSchema = dataEnvelope(publicSiteSettingsSchema);
export type PublicSiteSettingsResponse = z.infer<typeof publicSiteSettingsResponseSchema>;
