import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminSettings, SettingsPatch } from '@siam/contract/admin';
import { languages, type Language } from '@siam/contract/languages';
import {
  currencySymbols,
  foreignCurrencies,
  parseRatesFile,
  type ForeignCurrency,
} from '@siam/contract/currencies';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, SavedNote, useFormats } from '../admin-ui';

function RentalSwitch({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const save = useAdminMutation<AdminSettings, SettingsPatch>('PATCH', '/settings');
  const open = settings.rentalOpen;
  return (
    <Card title={t('settings.rentalTitle')}>
      <p className="mb-3 text-slate-700">{t('settings.rentalHelp')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          role="switch"
          aria-checked={open}
          aria-describedby="rental-state"
          className={`relative inline-flex h-8 w-14 items-center rounded-full border-2 border-slate-600 transition ${open ? 'bg-green-700' : 'bg-slate-300'}`}
          onClick={() => save.mutate({ rentalOpen: !open })}
          disabled={save.isPending}
        >
          <span className="sr-only">{t('settings.rentalLabel')}</span>
          <span
            aria-hidden
            className={`inline-block size-6 rounded-full bg-white shadow transition ${open ? 'translate-x-6' : 'translate-x-0.5'}`}
          />
        </button>
        <span id="rental-state" className="font-semibold" data-testid="rental-state">
          {open ? t('settings.rentalOpen') : t('settings.rentalClosed')}
        </span>
      </div>
      <ErrorNote error={save.error} />
    </Card>
  );
}

function PaymentForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const [bank, setBank] = useState<Record<Language, string>>({ ...settings.bankAccount.bank });
  const [accountName, setAccountName] = useState(settings.bankAccount.accountName);
  const [accountNumber, setAccountNumber] = useState(settings.bankAccount.accountNumber);
  const [promptpayId, setPromptpayId] = useState(settings.promptpayId);
  const save = useAdminMutation<AdminSettings, SettingsPatch>('PATCH', '/settings');
  const errors = fieldErrors(save.error);
  return (
    <Card title={t('settings.paymentTitle')}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ bankAccount: { bank, accountName, accountNumber }, promptpayId });
        }}
      >
        {languages.map((lng) => (
          <Field
            key={lng}
            lang={lng}
            label={t('settings.bankIn', { language: t(`frame.languages.${lng}`) })}
            value={bank[lng]}
            onChange={(e) => setBank({ ...bank, [lng]: e.target.value })}
            error={errors[`bankAccount.bank.${lng}`]}
          />
        ))}
        <Field
          label={t('settings.accountName')}
          value={accountName}
          onChange={(e) => setAccountName(e.target.value)}
          error={errors['bankAccount.accountName']}
        />
        <Field
          label={t('settings.accountNumber')}
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.target.value)}
          error={errors['bankAccount.accountNumber']}
        />
        <Field
          label={t('settings.promptpay')}
          value={promptpayId}
          onChange={(e) => setPromptpayId(e.target.value)}
          error={errors.promptpayId}
          hint={t('settings.promptpayHint')}
        />
        <div className="flex items-center gap-3 sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <SavedNote show={save.isSuccess} />
        </div>
      </form>
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </Card>
  );
}

function ContactForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const [phones, setPhones] = useState(settings.contact.phones.join('\n'));
  const [email, setEmail] = useState(settings.contact.email);
  const [lineId, setLineId] = useState(settings.contact.lineId);
  const [messengerUrl, setMessengerUrl] = useState(settings.contact.messengerUrl);
  const [wechatId, setWechatId] = useState(settings.contact.wechatId);
  const [whatsapp, setWhatsapp] = useState(settings.contact.whatsapp);
  const save = useAdminMutation<AdminSettings, SettingsPatch>('PATCH', '/settings');
  const errors = fieldErrors(save.error);
  const phoneError = Object.entries(errors).find(([path]) => path.startsWith('contact.phones'))?.[1];
  return (
    <Card title={t('settings.contactTitle')}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            contact: {
              phones: phones
                .split('\n')
                .map((p) => p.trim())
                .filter(Boolean),
              email,
              lineId,
              messengerUrl,
              wechatId,
              whatsapp,
            },
          });
        }}
      >
        <div>
          <label htmlFor="contact-phones" className="field-label">
            {t('settings.phones')}
          </label>
          <textarea
            id="contact-phones"
            className="field-input min-h-24"
            value={phones}
            onChange={(e) => setPhones(e.target.value)}
            aria-describedby={`contact-phones-hint${phoneError ? ' contact-phones-error' : ''}`}
            aria-invalid={phoneError ? true : undefined}
          />
          <p id="contact-phones-hint" className="mt-1 text-sm text-slate-600">
            {t('settings.phonesHint')}
          </p>
          {phoneError && (
            <p id="contact-phones-error" className="field-error">
              {phoneError}
            </p>
          )}
        </div>
        <Field
          label={t('settings.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors['contact.email']}
        />
        <Field
          label={t('settings.lineId')}
          value={lineId}
          onChange={(e) => setLineId(e.target.value)}
          error={errors['contact.lineId']}
        />
        <Field
          label={t('settings.messengerUrl')}
          type="url"
          value={messengerUrl}
          onChange={(e) => setMessengerUrl(e.target.value)}
          error={errors['contact.messengerUrl']}
        />
        <Field
          label={t('settings.wechatId')}
          value={wechatId}
          onChange={(e) => setWechatId(e.target.value)}
          error={errors['contact.wechatId']}
        />
        <Field
          label={t('settings.whatsapp')}
          type="tel"
          hint={t('settings.whatsappHint')}
          value={whatsapp}
          onChange={(e) => setWhatsapp(e.target.value)}
          error={errors['contact.whatsapp']}
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <SavedNote show={save.isSuccess} />
        </div>
      </form>
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </Card>
  );
}

/**
 * Rates for prices shown in yuan, dollars and euros (decision 1803): typed, or read from a rates
 * file in this browser (nothing is fetched), then saved like any setting. Empty: not offered.
 */
function ExchangeRatesForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const { date } = useFormats();
  const initial = settings.exchangeRates.rates;
  const [rates, setRates] = useState<Record<ForeignCurrency, string>>({
    CNY: initial.CNY ?? '',
    USD: initial.USD ?? '',
    EUR: initial.EUR ?? '',
  });
  const [fileNote, setFileNote] = useState<string | null>(null);
  const save = useAdminMutation<AdminSettings, SettingsPatch>('PATCH', '/settings');
  const errors = fieldErrors(save.error);
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const { rates: read, badLines } = parseRatesFile(await file.text());
    setRates((current) => ({ ...current, ...read }));
    setFileNote(
      [
        t('settings.ratesRead', { count: Object.keys(read).length }),
        badLines.length ? t('settings.ratesBadLines', { lines: badLines.join(', ') }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  };
  const setOn = save.data?.exchangeRates.setOn ?? settings.exchangeRates.setOn;
  return (
    <Card title={t('settings.ratesTitle')}>
      <p className="mb-3 text-slate-700">{t('settings.ratesHelp')}</p>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const value = (code: ForeignCurrency) => rates[code].trim() || null;
          save.mutate({ exchangeRates: { CNY: value('CNY'), USD: value('USD'), EUR: value('EUR') } });
        }}
      >
        {foreignCurrencies.map((code) => (
          <Field
            key={code}
            label={t('settings.rate', { code, unit: `${currencySymbols[code]}1` })}
            inputMode="decimal"
            hint={t('settings.rateHint')}
            value={rates[code]}
            onChange={(e) => setRates({ ...rates, [code]: e.target.value })}
            error={errors[`exchangeRates.${code}`]}
          />
        ))}
        <div className="sm:col-span-3">
          <label htmlFor="rates-file" className="field-label">
            {t('settings.ratesFile')}
          </label>
          <input
            id="rates-file"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="block text-sm"
            aria-describedby="rates-file-hint"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
          <p id="rates-file-hint" className="mt-1 text-sm text-slate-600">
            {t('settings.ratesFileHint')}
          </p>
          {fileNote && (
            <p role="status" className="mt-1 text-sm font-semibold" data-testid="rates-file-note">
              {fileNote}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <SavedNote show={save.isSuccess} />
          {setOn && (
            <span className="text-sm text-slate-700" data-testid="rates-set-on">
              {t('settings.ratesSetOn', { date: date(setOn) })}
            </span>
          )}
        </div>
      </form>
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </Card>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useAdminQuery<AdminSettings>('/settings');
  return (
    <>
      <PageTitle title={t('settings.title')} />
      <ErrorNote error={settings.error} />
      {settings.isPending && <Loading />}
      {settings.data && (
        <div className="space-y-6">
          <RentalSwitch settings={settings.data} />
          <PaymentForm settings={settings.data} />
          <ContactForm settings={settings.data} />
          <ExchangeRatesForm settings={settings.data} />
        </div>
      )}
    </>
  );
}
