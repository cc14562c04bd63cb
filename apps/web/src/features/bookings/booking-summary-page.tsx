import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, Landmark, QrCode, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  cardSchema,
  driverSchema,
  paymentMethods,
  type AddonCode,
  type PaymentMethod,
} from '@siam/contract/bookings';
import { isoDateSchema } from '@siam/contract/safe-input';
import { sitePaths } from '@siam/contract/site-routes';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { RequireSignIn } from '../auth/require-sign-in';
import { useSession } from '../auth/session-provider';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { createBooking, fetchAddons, fetchGateway, fetchQuote, validatePromo } from './booking-api';
import { useFormat } from './format';
import { PriceBreakdown } from './price-breakdown';

/** The contract's English messages → this namespace's keys (spec §5 wording). */
const messageKeys: Record<string, string> = {
  'Please enter first name': 'validation.firstName',
  'Please enter last name': 'validation.lastName',
  'Please enter email': 'validation.email',
  'Invalid email format': 'validation.emailFormat',
  'Please enter phone': 'validation.phone',
  'Invalid phone number': 'validation.phoneFormat',
  'Please enter ID card or passport number': 'validation.idNumber',
  'Invalid ID card or passport number': 'validation.idNumberFormat',
  'Enter card number': 'validation.cardNumber',
  'Invalid card number': 'validation.cardNumberInvalid',
  'Enter name on card': 'validation.cardName',
  'Enter expiry': 'validation.expiry',
  'Invalid format (MM/YY)': 'validation.expiryFormat',
  'Card has expired': 'validation.expired',
  'Enter CVV': 'validation.cvv',
  'Invalid CVV': 'validation.cvvInvalid',
};

type Errors = Record<string, string>;

function newKey() {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function Field(props: {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        className="field-input"
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-xl font-semibold text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

function readChoice(carId: string | undefined, params: URLSearchParams) {
  const carModelId = Number(carId);
  const pickupDate = params.get('pickup') ?? '';
  const returnDate = params.get('return') ?? '';
  const branchCode = params.get('branch') ?? '';
  const ok =
    Number.isInteger(carModelId) &&
    carModelId > 0 &&
    isoDateSchema.safeParse(pickupDate).success &&
    isoDateSchema.safeParse(returnDate).success &&
    returnDate > pickupDate &&
    /^[a-zA-Z0-9_-]{1,32}$/.test(branchCode);
  return ok ? { carModelId, pickupDate, returnDate, branchCode } : null;
}

function IncompleteBooking() {
  const { t } = useTranslation('booking');
  return (
    <div className="container-page py-12">
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-xl border border-amber-300 bg-amber-50 p-6 text-center"
      >
        <h1 className="text-2xl font-semibold">{t('summary.incompleteTitle')}</h1>
        <p className="mt-2 text-slate-800">{t('summary.incomplete')}</p>
        <Link to="/cars" className="btn-action mt-4">
          {t('summary.chooseCar')}
        </Link>
      </div>
    </div>
  );
}

function BookingSummary() {
  const { t } = useTranslation('booking');
  const f = useFormat();
  const { carId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const choice = useMemo(() => readChoice(carId, params), [carId, params]);
  usePageMeta(t('summary.metaTitle'));

  const [driver, setDriver] = useState({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    idNumber: '',
  });
  const [addons, setAddons] = useState<AddonCode[]>([]);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState({ number: '', name: '', expiry: '', cvv: '' });
  const [terms, setTerms] = useState(false);
  const [promoOpen, setPromoOpen] = useState(false);
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<string | undefined>();
  const [promoError, setPromoError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [taken, setUnavailable] = useState(false);
  // One key per attempt: kept after a network failure or time-out (a retry is the same request), renewed after an answer.
  const idempotencyKey = useRef(newKey());
  const errorSummary = useRef<HTMLDivElement>(null);

  const addonsQuery = useQuery({ queryKey: ['addons', f.lang], queryFn: fetchAddons });
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  const quoteBody = choice
    ? { ...choice, addons: addons.map((code) => ({ code, quantity: 1 })), promoCode: promo }
    : null;
  const quote = useQuery({
    queryKey: ['quote', quoteBody, f.lang],
    queryFn: () => fetchQuote(quoteBody!),
    enabled: quoteBody !== null,
    retry: false,
  });

  const unavailable = taken || (quote.data !== undefined && !quote.data.available);
  // A booking that costs nothing (a code larger than the rental) is confirmed at once: no method, no card.
  const free = quote.data?.total === 0;
  const closed = useSiteSettings().data?.rentalOpen === false;

  const promoMutation = useMutation({
    mutationFn: (code: string) =>
      validatePromo({ ...choice!, addons: addons.map((c) => ({ code: c, quantity: 1 })), code }),
    onSuccess: (data) => {
      setPromo(data.code);
      setPromoError(null);
    },
    onError: () => {
      setPromo(undefined);
      setPromoError(t('validation.promo'));
    },
  });

  const submit = useMutation({
    mutationFn: () =>
      createBooking(
        {
          ...choice!,
          addons: addons.map((code) => ({ code, quantity: 1 })),
          promoCode: promo,
          driver,
          // The server confirms a free booking whatever the method; a transfer asks for no card.
          paymentMethod: free ? 'bank_transfer' : method,
          card: method === 'card' && !free ? card : undefined,
          acceptTerms: true,
        },
        idempotencyKey.current,
      ),
    onSuccess: (data) => {
      idempotencyKey.current = newKey();
      void navigate(`/booking-success?booking=${encodeURIComponent(data.booking.bookingNumber)}`);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return setFormError(String(error));
      if (error.kind === 'http') idempotencyKey.current = newKey();
      // Business outcomes by their code, never by the server's English text.
      if (error.code === 'CAR_UNAVAILABLE') {
        setUnavailable(true);
        setFormError(t('summary.unavailable'));
      } else if (error.code === 'TOO_MANY_UNPAID_BOOKINGS') {
        setFormError(t('summary.tooManyUnpaid'));
      } else if (error.code === 'UNPAID_HOLDS_FULL') {
        setFormError(t('summary.unpaidHoldsFull'));
      } else if (error.code === 'UNPAID_HOLDS_FROM_NETWORK') {
        setFormError(t('summary.unpaidFromNetwork'));
      } else if (error.code === 'PAYMENT_FAILED') {
        const reason = error.fieldErrors[0]?.message ?? 'declined';
        setFormError(t(`cardErrors.${reason}`, { defaultValue: t('cardErrors.declined') }));
      } else if (error.code === 'RENTAL_CLOSED') {
        setFormError(t('closed'));
      } else if (error.code === 'PROMOTION_INVALID') {
        setPromo(undefined);
        setPromoError(t('validation.promo'));
        setFormError(t('validation.promo'));
      } else {
        const mapped: Errors = {};
        for (const e of error.fieldErrors)
          if (messageKeys[e.message]) mapped[e.path] = t(messageKeys[e.message]!);
        setErrors(mapped);
        setFormError(error.message);
      }
      requestAnimationFrame(() => errorSummary.current?.focus());
    },
  });

  if (!choice) return <IncompleteBooking />;

  const validate = (): Errors => {
    const found: Errors = {};
    const d = driverSchema.safeParse(driver);
    if (!d.success)
      for (const issue of d.error.issues) {
        const path = `driver.${String(issue.path[0])}`;
        found[path] ??= t(messageKeys[issue.message] ?? 'validation.firstName');
      }
    if (method === 'card' && !free) {
      const c = cardSchema.safeParse(card);
      if (!c.success)
        for (const issue of c.error.issues) {
          const path = `card.${String(issue.path[0])}`;
          found[path] ??= t(messageKeys[issue.message] ?? 'validation.cardNumberInvalid');
        }
    }
    if (!terms) found.acceptTerms = t('validation.terms');
    return found;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      setFormError(t('summary.fixErrors'));
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    submit.mutate();
  };

  const setD = (k: keyof typeof driver) => (v: string) => setDriver((s) => ({ ...s, [k]: v }));
  const setC = (k: keyof typeof card) => (v: string) => setCard((s) => ({ ...s, [k]: v }));
  const backTo = `/cars/${choice.carModelId}`;
  const methodIcons = { card: CreditCard, bank_transfer: Landmark, promptpay: QrCode };

  return (
    <div className="container-page py-8">
      <Link to={backTo} className="inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft aria-hidden="true" size={18} /> {t('summary.back')}
      </Link>
      <h1 className="mt-4 text-3xl font-semibold">{t('summary.title')}</h1>

      {closed && (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t('closed')}
        </p>
      )}

      {unavailable && (
        <div role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t('summary.unavailable')}</p>
          <Link to={backTo} className="btn-outline mt-2">
            {t('summary.chooseOtherDates')}
          </Link>
        </div>
      )}

      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {formError && (
            <div
              ref={errorSummary}
              tabIndex={-1}
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
            >
              {formError}
            </div>
          )}

          <Section title={t('summary.personal')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="firstName"
                label={t('fields.firstName')}
                value={driver.firstName}
                onChange={setD('firstName')}
                error={errors['driver.firstName']}
                autoComplete="given-name"
              />
              <Field
                name="lastName"
                label={t('fields.lastName')}
                value={driver.lastName}
                onChange={setD('lastName')}
                error={errors['driver.lastName']}
                autoComplete="family-name"
              />
              <Field
                name="email"
                type="email"
                label={t('fields.email')}
                value={driver.email}
                onChange={setD('email')}
                error={errors['driver.email']}
                autoComplete="email"
                inputMode="email"
              />
              <Field
                name="phone"
                type="tel"
                label={t('fields.phone')}
                value={driver.phone}
                onChange={setD('phone')}
                error={errors['driver.phone']}
                autoComplete="tel"
                inputMode="tel"
              />
              <Field
                name="idNumber"
                label={t('fields.idNumber')}
                value={driver.idNumber}
                onChange={setD('idNumber')}
                error={errors['driver.idNumber']}
              />
            </div>
          </Section>

          <Section title={t('summary.extras')}>
            <ul className="space-y-3">
              {(addonsQuery.data ?? []).map((a) => (
                <li key={a.code}>
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-1 size-5"
                      checked={addons.includes(a.code as AddonCode)}
                      onChange={(e) =>
                        setAddons((s) =>
                          e.target.checked ? [...s, a.code as AddonCode] : s.filter((c) => c !== a.code),
                        )
                      }
                    />
                    <span>
                      <span className="font-semibold">{a.name}</span>{' '}
                      <span className="text-slate-700">
                        (
                        {a.pricePerDay === 0
                          ? t('summary.free')
                          : t('summary.perDay', { price: f.baht(a.pricePerDay) })}
                        )
                      </span>
                      <span className="block text-sm text-slate-600">{a.description}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </Section>

          <Section title={t('summary.promo')}>
            <button
              type="button"
              className="text-brand-700 underline"
              aria-expanded={promoOpen}
              onClick={() => setPromoOpen((o) => !o)}
            >
              {promoOpen ? t('summary.hidePromo') : t('summary.havePromo')}
            </button>
            {promoOpen && (
              <div className="mt-3">
                {promo ? (
                  <p role="status" className="flex items-center gap-3 text-green-800">
                    {t('summary.promoApplied', { code: promo })}
                    <button
                      type="button"
                      className="text-brand-700 underline"
                      onClick={() => setPromo(undefined)}
                    >
                      {t('summary.remove')}
                    </button>
                  </p>
                ) : (
                  <div className="flex items-end gap-2">
                    <div className="flex-1">
                      <Field
                        name="promoCode"
                        label={t('summary.promoLabel')}
                        value={promoInput}
                        onChange={setPromoInput}
                        error={promoError ?? undefined}
                      />
                    </div>
                    <button
                      type="button"
                      className="btn-outline mb-[2px] self-start mt-7"
                      disabled={!promoInput.trim() || promoMutation.isPending}
                      onClick={() => promoMutation.mutate(promoInput.trim())}
                    >
                      {t('summary.apply')}
                    </button>
                  </div>
                )}
              </div>
            )}
          </Section>

          <Section title={t('summary.payment')}>
            {free ? (
              <p className="rounded-lg bg-green-50 p-3 text-green-900" data-testid="nothing-to-pay">
                {t('summary.nothingToPay')}
              </p>
            ) : (
              <>
                <fieldset>
                  <legend className="sr-only">{t('summary.payment')}</legend>
                  <div className="grid gap-3 sm:grid-cols-3">
                    {paymentMethods.map((m) => {
                      const Icon = methodIcons[m];
                      return (
                        <label
                          key={m}
                          className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 ${method === m ? 'border-brand-700 bg-brand-50' : 'border-slate-300'}`}
                        >
                          <input
                            type="radio"
                            name="paymentMethod"
                            value={m}
                            checked={method === m}
                            onChange={() => setMethod(m)}
                            className="size-5"
                          />
                          <Icon aria-hidden="true" size={20} />
                          <span>{t(`methods.${m}`)}</span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
                <p className="mt-3 text-slate-700">{t(`methodHelp.${method}`)}</p>
                {method === 'card' && (
                  <div className="mt-4 space-y-4">
                    {gateway.data?.sandbox !== false && (
                      <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                        <ShieldCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
                        {t('sandbox')}
                      </p>
                    )}
                    <div className="grid gap-4 sm:grid-cols-2">
                      <div className="sm:col-span-2">
                        <Field
                          name="cardNumber"
                          label={t('fields.cardNumber')}
                          value={card.number}
                          onChange={setC('number')}
                          error={errors['card.number']}
                          autoComplete="cc-number"
                          inputMode="numeric"
                        />
                      </div>
                      <div className="sm:col-span-2">
                        <Field
                          name="cardName"
                          label={t('fields.cardName')}
                          value={card.name}
                          onChange={setC('name')}
                          error={errors['card.name']}
                          autoComplete="cc-name"
                        />
                      </div>
                      <Field
                        name="expiry"
                        label={t('fields.expiry')}
                        value={card.expiry}
                        onChange={setC('expiry')}
                        error={errors['card.expiry']}
                        autoComplete="cc-exp"
                        placeholder="MM/YY"
                      />
                      <Field
                        name="cvv"
                        label={t('fields.cvv')}
                        value={card.cvv}
                        onChange={setC('cvv')}
                        error={errors['card.cvv']}
                        autoComplete="cc-csc"
                        inputMode="numeric"
                        type="password"
                      />
                    </div>
                  </div>
                )}
              </>
            )}
          </Section>

          <Section title={t('summary.terms')}>
            <ul className="mb-4 list-disc space-y-1 pl-5 text-slate-700">
              <li>{t('rules.times')}</li>
              <li>{t('rules.cancellation')}</li>
              <li>{t('rules.dateChange')}</li>
              <li>{t('rules.slip')}</li>
            </ul>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="mt-1 size-5"
                checked={terms}
                onChange={(e) => setTerms(e.target.checked)}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
              />
              <span>
                {/* A new tab: the terms are read without losing what was typed here. */}
                <Trans
                  t={t}
                  i18nKey="summary.acceptTerms"
                  components={{
                    terms: (
                      <a
                        href={sitePaths.terms}
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-brand-700 underline"
                      />
                    ),
                  }}
                />
              </span>
            </label>
            {errors.acceptTerms && (
              <p id="terms-error" className="field-error" role="alert">
                {errors.acceptTerms}
              </p>
            )}
          </Section>
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start">
          <section
            aria-labelledby="price-title"
            className="rounded-xl border border-slate-200 bg-sand-50 p-5 shadow-sm"
          >
            <h2 id="price-title" className="text-xl font-semibold text-brand-800">
              {t('summary.priceTitle')}
            </h2>
            {quote.data && (
              <div className="mt-3 space-y-1 text-slate-800">
                <p className="font-semibold">{quote.data.carName}</p>
                <p>{quote.data.branchName}</p>
                <p>
                  {t('details.pickup')}: {f.date(quote.data.pickupDate)} {quote.data.pickupTime}
                </p>
                <p>
                  {t('details.return')}: {f.date(quote.data.returnDate)} {quote.data.returnTime}
                </p>
              </div>
            )}
            <div className="mt-4">
              {quote.isPending && <p aria-busy="true">{t('summary.loading')}</p>}
              {quote.isError && (
                <p role="alert" className="text-red-800">
                  {quote.error.message}
                </p>
              )}
              {quote.data && <PriceBreakdown price={quote.data} />}
            </div>
            <button
              type="submit"
              className="btn-action mt-5 w-full text-lg"
              disabled={submit.isPending || unavailable || closed}
            >
              {submit.isPending
                ? t('summary.submitting')
                : method === 'card' && !free
                  ? t('summary.payConfirm')
                  : t('summary.confirmBooking')}
            </button>
          </section>
        </aside>
      </form>
    </div>
  );
}

export function BookingSummaryPage() {
  return (
    <RequireSignIn>
      <BookingSummary />
    </RequireSignIn>
  );
}

export const Component = BookingSummaryPage;
