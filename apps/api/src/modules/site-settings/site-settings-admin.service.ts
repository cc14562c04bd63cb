import type { z } from 'zod';
import type { AdminSettings, settingsPatchSchema } from '@siam/contract/admin';
import type { Db } from '../../db/client';
import type { Actor, AuditService } from '../audit/audit.service';
import type { SiteSettingsRepository } from './site-settings.repository';
import type { SiteSettingsService } from './site-settings.service';
import { defaultSiteSettings } from '../../db/seed/site-settings-defaults';
import { bangkokToday } from '@siam/contract/bangkok-time';

type Patch = z.output<typeof settingsPatchSchema>;

/**
 * The settings staff change without a deploy: the rental switch, the bank
 * account and PromptPay ID customers pay to, the contact details in the
 * footer. Each changed key is written with its audit record in one transaction.
 */
export class SettingsAdminService {
  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly siteSettings: SiteSettingsService,
    private readonly audit: AuditService,
  ) {}

  async read(executor?: Db): Promise<AdminSettings> {
    // One query, also on a transaction's single connection (update, below), where queries sent side by
    // side only queue and node-postgres 9 refuses them.
    const {
      rental_open: rentalOpen,
      bank_account: bank,
      promptpay_id: promptpayId,
      contact,
      exchange_rates: exchangeRates,
    } = await this.siteSettings.readAll(executor);
    return {
      rentalOpen: rentalOpen === true,
      bankAccount: {
        bank: { ...bank.bank },
        accountName: bank.accountName,
        accountNumber: bank.accountNumber,
      },
      promptpayId: String(promptpayId),
      contact: {
        phones: [...contact.phones],
        email: contact.email,
        lineId: contact.lineId,
        messengerUrl: contact.messengerUrl,
        wechatId: contact.wechatId ?? defaultSiteSettings.contact.wechatId,
        whatsapp: contact.whatsapp ?? defaultSiteSettings.contact.whatsapp,
        headOffice: { ...contact.headOffice },
      },
      exchangeRates: { rates: { ...exchangeRates.rates }, setOn: exchangeRates.setOn },
    };
  }

  async update(actor: Actor, patch: Patch): Promise<AdminSettings> {
    return this.repository.transaction(async (tx) => {
      const current = await this.read(tx);
      const changes: { key: string; before: unknown; after: unknown; write: () => Promise<void> }[] = [];
      if (patch.rentalOpen !== undefined && patch.rentalOpen !== current.rentalOpen)
        changes.push({
          key: 'rental_open',
          before: current.rentalOpen,
          after: patch.rentalOpen,
          write: () => this.siteSettings.setRentalOpen(patch.rentalOpen!, tx),
        });
      if (patch.bankAccount) {
        const after = patch.bankAccount;
        changes.push({
          key: 'bank_account',
          before: current.bankAccount,
          after,
          write: () => this.siteSettings.write('bank_account', after, tx),
        });
      }
      if (patch.promptpayId !== undefined && patch.promptpayId !== current.promptpayId)
        changes.push({
          key: 'promptpay_id',
          before: current.promptpayId,
          after: patch.promptpayId,
          write: () => this.siteSettings.write('promptpay_id', patch.promptpayId, tx),
        });
      if (patch.contact) {
        // Fields left out keep their value (LINE and Messenger are edited rarely).
        const after = {
          ...current.contact,
          ...Object.fromEntries(Object.entries(patch.contact).filter(([, v]) => v !== undefined)),
        };
        changes.push({
          key: 'contact',
          before: current.contact,
          after,
          write: () => this.siteSettings.write('contact', after, tx),
        });
      }
      if (patch.exchangeRates) {
        const rates = patch.exchangeRates;
        const changed = (Object.keys(rates) as (keyof typeof rates)[]).some(
          (code) => rates[code] !== current.exchangeRates.rates[code],
        );
        // The day shown beside converted prices moves only when a rate does.
        const after = changed ? { rates, setOn: bangkokToday() } : current.exchangeRates;
        changes.push({
          key: 'exchange_rates',
          before: current.exchangeRates,
          after,
          write: () => this.siteSettings.write('exchange_rates', after, tx),
        });
      }
      for (const change of changes) {
        if (JSON.stringify(change.before) === JSON.stringify(change.after)) continue;
        await change.write();
        await this.audit.record(tx, actor, {
          entity: 'site_setting',
          entityId: change.key,
          action: 'setting.update',
          before: change.before,
          after: change.after,
        });
      }
      return this.read(tx);
    });
  }
}
