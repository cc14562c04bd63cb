import type { Language } from '@siam/contract/languages';
import type { PublicSiteSettings } from '@siam/contract/site-settings';
import { defaultSiteSettings } from '../../db/seed/site-settings-defaults';
import { TtlCache } from '../../lib/ttl-cache';
import type { SiteSettingsRepository } from './site-settings.repository';

type Localized = Record<Language, string>;
type Defaults = typeof defaultSiteSettings;
type Executor = Parameters<SiteSettingsRepository['set']>[2];

/** How long the public settings (contact details, the rental switch) are reused: every page asks. */
const PUBLIC_SETTINGS_MS = 2_000;

export class SiteSettingsService {
  private readonly publicAnswers = new TtlCache<PublicSiteSettings>(PUBLIC_SETTINGS_MS);

  constructor(private readonly repository: SiteSettingsRepository) {}

  /** Staff changed a setting (on any instance): the next page reads them again. */
  forget(): void {
    this.publicAnswers.clear();
  }

  /** Whether customers may book now; staff switch it off for maintenance or the off season. */
  async isRentalOpen(): Promise<boolean> {
    const value = await this.repository.get('rental_open');
    return value === undefined ? defaultSiteSettings.rental_open : value === true;
  }

  async setRentalOpen(open: boolean, executor?: Executor): Promise<void> {
    await this.repository.set('rental_open', open, executor);
  }

  /** One stored setting, or its shipped default (the back office edits these). */
  async read<K extends keyof Defaults>(key: K, executor?: Executor): Promise<Defaults[K]> {
    return ((await this.repository.get(key, executor)) ?? defaultSiteSettings[key]) as Defaults[K];
  }

  /** Every setting, each stored one or its shipped default, in one query (a fresh database works too). */
  async readAll(executor?: Executor): Promise<Defaults> {
    const stored = await this.repository.all(executor);
    return Object.fromEntries(
      Object.entries(defaultSiteSettings).map(([key, shipped]) => [key, stored.get(key) ?? shipped]),
    ) as Defaults;
  }

  /** Writes one setting; pass a transaction to write it together with its audit record. */
  async write<K extends keyof Defaults>(key: K, value: unknown, executor?: Executor): Promise<void> {
    await this.repository.set(key, value, executor);
  }

  publicSettings(lang: Language): Promise<PublicSiteSettings> {
    return this.publicAnswers.get(lang, () => this.readPublicSettings(lang));
  }

  private async readPublicSettings(lang: Language): Promise<PublicSiteSettings> {
    const settings = await this.readAll();
    const { contact, bank_account: bank } = settings;
    return {
      rentalOpen: settings.rental_open === true,
      contact: {
        phones: [...contact.phones],
        email: contact.email,
        lineId: contact.lineId,
        messengerUrl: contact.messengerUrl,
        // Kept before these existed: the shipped defaults until staff set them.
        wechatId: contact.wechatId ?? defaultSiteSettings.contact.wechatId,
        whatsapp: contact.whatsapp ?? defaultSiteSettings.contact.whatsapp,
        headOffice: (contact.headOffice as Localized)[lang],
      },
      bankAccount: {
        bank: (bank.bank as Localized)[lang],
        accountName: bank.accountName,
        accountNumber: bank.accountNumber,
      },
      promptpayId: String(settings.promptpay_id),
      exchangeRates: { ...settings.exchange_rates.rates },
      exchangeRatesSetOn: settings.exchange_rates.setOn,
    };
  }
}
