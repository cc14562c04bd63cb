import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building, CreditCard, Landmark, QrCode, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate, useParams, useSearchParams } from '../../lib/router';
import { Link } from '../../lib/site-link';
import {
  cardSchema,
  driverSchema,
  paymentMethods,
  refusedBookingPath,
  walletMethods,
  type GatewaySource,
  type AddonCode,
  type PaymentMethod,
} from '@siam/contract/bookings';
import { bangkokToday } from '@siam/contract/bangkok-time';
import { cardExpired, cardRefusal } from '@siam/contract/card-tokens';
import {
  additionalDriverSchema,
  driverMessages,
  driverProblems,
  maxAdditionalDrivers,
  type DriverRules,
} from '@siam/contract/drivers';
import { handoverMessages, handoverRequestSchema } from '@siam/contract/delivery';
import { isoDateSchema } from '@siam/contract/safe-input';
import { taxBuyerSchema, taxMessages } from '@siam/contract/tax-invoices';
import { businessRules } from '@siam/contract/business-rules';
import { TIME_OF_DAY } from '@siam/contract/rental-times';
import { TimeChoice, timeErrorKey, useBranchHalfHours } from './time-choice';
import { sitePaths } from '@siam/contract/site-routes';
import { ApiError } from '../../lib/api-client';
import { TextField } from '../../lib/form-fields';
import { PostcodeAndSubDistrict, thaiAddressErrorKeys } from '../addresses/postcode-sub-district';
import { usePageMeta } from '../../lib/use-page-meta';
import { RequireSignIn } from '../auth/require-sign-in';
import { useSession } from '../auth/session-provider';
import { useSiteSettings } from '../site-settings/use-site-settings';
import {
  createBooking,
  fetchAddons,
  fetchGateway,
  fetchMyCompany,
  fetchQuote,
  fetchTaxDetails,
  validatePromo,
} from './booking-api';
import { createCardToken, type VaultRefusal } from './card-vault';
import { useFormat } from './format';
import { emptyLicence, LicenceFields, type LicenceValues } from './driver-fields';
import { HandoverFields, noHandover, type HandoverErrors, type HandoverState } from './handover-fields';
import { DepositNote, PriceBreakdown } from './price-breakdown';

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
  'Please enter date of birth': 'validation.birthDate',
  'Please enter licence number': 'validation.licenceNumber',
  'Invalid licence number': 'validation.licenceNumberFormat',
  'Please choose the country that issued the licence': 'validation.licenceCountry',
  'Please enter the date the licence was issued': 'validation.licenceIssued',
  'Please enter the licence expiry date': 'validation.licenceExpiry',
  'Must be a real date written YYYY-MM-DD': 'validation.date',
  [driverMessages.tooYoung]: 'validation.tooYoung',
  [driverMessages.tooOld]: 'validation.tooOld',
  [driverMessages.birthDate]: 'validation.birthDateCheck',
  [driverMessages.licenceTooNew]: 'validation.licenceTooNew',
  [driverMessages.issuedInFuture]: 'validation.issuedInFuture',
  [driverMessages.issuedBeforeBirth]: 'validation.issuedBeforeBirth',
  [driverMessages.licenceExpires]: 'validation.licenceExpires',
  [driverMessages.permitNeeded]: 'validation.permitNeeded',
  [handoverMessages.address]: 'validation.handoverAddress',
  [handoverMessages.flight]: 'validation.flightNumber',
  [handoverMessages.zone]: 'validation.zone',
  [taxMessages.companyName]: 'tax.errors.companyName',
  [taxMessages.address]: 'tax.errors.address',
  [taxMessages.taxId]: 'tax.errors.taxId',
  [taxMessages.taxIdChecksum]: 'tax.errors.taxIdChecksum',
  [taxMessages.branch]: 'tax.errors.branch',
  ...thaiAddressErrorKeys,
};

/** Delivery and collection as the server takes them; each problem as a text key at its path. */
function checkHandovers(h: HandoverState): HandoverErrors {
  const errors: HandoverErrors = {};
  for (const leg of ['delivery', 'collection'] as const) {
    const parsed = h[leg] && handoverRequestSchema.safeParse(h[leg]);
    if (parsed && !parsed.success)
      for (const issue of parsed.error.issues)
        errors[`${leg}.${String(issue.path[0])}`] ??=
          messageKeys[issue.message] ?? 'validation.handoverAddress';
  }
  return errors;
}

type DriverValues = LicenceValues & { firstName: string; lastName: string };
interface FormValues {
  driver: DriverValues & { email: string; phone: string; idNumber: string };
  /** Up to two more drivers, free. */
  additionalDrivers: DriverValues[];
  card: { number: string; name: string; expiry: string; cvv: string };
  method: PaymentMethod;
  acceptTerms: boolean;
  /** Typed, not yet applied: applying asks the server (validatePromo). */
  promoCode: string;
  /** A company's full tax invoice: asked for, and made out to whom. */
  company: {
    wanted: boolean;
    companyName: string;
    address: string;
    postcode: string;
    subDistrictCode: string;
    taxId: string;
    headOffice: boolean;
    branchNo: string;
  };
}

/** The company's details as the API takes them (taxBuyerSchema). */
const taxBuyerOf = (c: FormValues['company']) => ({
  companyName: c.companyName,
  address: c.address,
  subDistrictCode: c.subDistrictCode,
  postcode: c.postcode,
  taxId: c.taxId,
  branch: c.headOffice ? '00000' : c.branchNo,
});

/**
 * The contract's rules (driverSchema, cardSchema: the API's own), as react-hook-form
 * errors whose message is a text key, so each is said in the language of the moment.
 * A card is checked only when one is paid with; the drivers against the car's rules once
 * the quote has said them (the server checks them again, and decides).
 */
type ResolverContext = {
  needsCard: boolean;
  rental?: { rules: DriverRules; pickupDate: string; returnDate: string };
};
const bookingResolver: Resolver<FormValues, ResolverContext> = async (values, context) => {
  const errors: FieldErrors<FormValues> = {};
  /** Puts an error at a dotted path (`additionalDrivers.1.birthDate`), the first one found staying. */
  const put = (path: (string | number)[], message: string, fallback: string) => {
    let at = errors as Record<string | number, unknown>;
    for (const [i, key] of path.slice(0, -1).entries())
      at = (at[key] ??= typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
    at[path.at(-1)!] ??= { type: 'validate', message: messageKeys[message] ?? fallback };
  };
  const checkDriver = (
    prefix: (string | number)[],
    schema: typeof driverSchema | typeof additionalDriverSchema,
    value: DriverValues,
  ) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        put([...prefix, String(issue.path[0])], issue.message, 'validation.firstName');
    else if (context?.rental)
      for (const problem of driverProblems(parsed.data, context.rental.rules, {
        ...context.rental,
        today: bangkokToday(),
      }))
        put([...prefix, problem.field], problem.message, 'validation.birthDateCheck');
  };
  checkDriver(['driver'], driverSchema, values.driver);
  values.additionalDrivers.forEach((d, i) =>
    checkDriver(['additionalDrivers', i], additionalDriverSchema, d),
  );
  if (values.method === 'card' && context?.needsCard !== false) {
    const c = cardSchema.safeParse(values.card);
    if (!c.success)
      for (const issue of c.error.issues)
        put(['card', String(issue.path[0])], issue.message, 'validation.cardNumberInvalid');
    else if (cardExpired(c.data.expiry, new Date()))
      put(['card', 'expiry'], 'Card has expired', 'validation.expired');
  }
  // On a company's account the invoice is the company's monthly one: no details asked.
  if (values.company.wanted && values.method !== 'company_account') {
    const c = taxBuyerSchema.safeParse(taxBuyerOf(values.company));
    if (!c.success)
      for (const issue of c.error.issues) {
        const field = String(issue.path[0]);
        put(['company', field === 'branch' ? 'branchNo' : field], issue.message, 'tax.errors.taxId');
      }
  }
  if (!values.acceptTerms) errors.acceptTerms = { type: 'validate', message: 'validation.terms' };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** The gateway's vault did not make a token of the card: nothing was sent to us, nothing charged. */
class CardNotTokenised extends Error {
  constructor(readonly reason: VaultRefusal) {
    super(reason);
  }
}

function newKey() {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
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

/**
 * A full tax invoice for a company (issued once the booking is paid): the company's name, address,
 * tax ID and branch, filled from the profile when the customer kept them before.
 */
function CompanyFields({
  form,
  say,
}: {
  form: UseFormReturn<FormValues, ResolverContext>;
  say: (error?: { message?: string }) => string | undefined;
}) {
  const { t } = useTranslation('booking');
  const { register, setValue, getValues, formState } = form;
  const errors = formState.errors.company;
  const wanted = useWatch({ control: form.control, name: 'company.wanted' });
  const headOffice = useWatch({ control: form.control, name: 'company.headOffice' });
  const postcode = useWatch({ control: form.control, name: 'company.postcode' });
  const subDistrictCode = useWatch({ control: form.control, name: 'company.subDistrictCode' });
  const kept = useQuery({ queryKey: ['tax-details'], queryFn: fetchTaxDetails, staleTime: Infinity });
  useEffect(() => {
    const k = kept.data;
    if (!k || getValues('company.companyName')) return;
    setValue('company.companyName', k.companyName);
    setValue('company.address', k.address);
    setValue('company.postcode', k.postcode ?? '');
    setValue('company.subDistrictCode', k.subDistrictCode ?? '');
    setValue('company.taxId', k.taxId);
    setValue('company.headOffice', k.branch === '00000');
    setValue('company.branchNo', k.branch === '00000' ? '' : k.branch);
  }, [kept.data, getValues, setValue]);
  return (
    <div data-testid="company-fields">
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" className="mt-0.5 size-6 shrink-0" {...register('company.wanted')} />
        <span>{t('tax.wanted')}</span>
      </label>
      {wanted && (
        <div className="mt-4 space-y-4">
          <TextField
            label={t('tax.companyName')}
            autoComplete="organization"
            error={say(errors?.companyName)}
            registration={register('company.companyName')}
          />
          <TextField
            label={t('tax.address')}
            multiline
            error={say(errors?.address)}
            registration={register('company.address')}
          />
          <PostcodeAndSubDistrict
            postcode={postcode ?? ''}
            subDistrictCode={subDistrictCode ?? ''}
            onPostcode={(v) => setValue('company.postcode', v)}
            onSubDistrict={(v) => setValue('company.subDistrictCode', v)}
            postcodeError={say(errors?.postcode)}
            subDistrictError={say(errors?.subDistrictCode)}
          />
          <TextField
            label={t('tax.taxId')}
            inputMode="numeric"
            hint={t('tax.taxIdHint')}
            error={say(errors?.taxId)}
            registration={register('company.taxId')}
          />
          <label className="flex cursor-pointer items-center gap-3">
            <input type="checkbox" className="size-6 shrink-0" {...register('company.headOffice')} />
            <span>{t('tax.headOffice')}</span>
          </label>
          {!headOffice && (
            <TextField
              label={t('tax.branchNo')}
              inputMode="numeric"
              maxLength={5}
              error={say(errors?.branchNo)}
              registration={register('company.branchNo')}
            />
          )}
          <p className="text-sm text-slate-700">{t('tax.when')}</p>
        </div>
      )}
    </div>
  );
}

function readChoice(carId: string | undefined, params: URLSearchParams) {
  const carModelId = Number(carId);
  const pickupDate = params.get('pickup') ?? '';
  const returnDate = params.get('return') ?? '';
  const branchCode = params.get('branch') ?? '';
  const time = (key: string, fallback: string) => {
    const value = params.get(key) ?? '';
    return TIME_OF_DAY.test(value) ? value : fallback;
  };
  const ok =
    Number.isInteger(carModelId) &&
    carModelId > 0 &&
    isoDateSchema.safeParse(pickupDate).success &&
    isoDateSchema.safeParse(returnDate).success &&
    returnDate >= pickupDate &&
    /^[a-zA-Z0-9_-]{1,32}$/.test(branchCode);
  return ok
    ? {
        carModelId,
        pickupDate,
        returnDate,
        branchCode,
        pickupTime: time('pickupTime', businessRules.pickupTime),
        returnTime: time('returnTime', businessRules.returnTime),
      }
    : null;
}

/** The quote's refusals of the times, as text keys by field. */
function timeErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const e of error.fieldErrors)
      if (timeErrorKey(e.message)) found[e.path] ??= timeErrorKey(e.message)!;
  return found;
}

/**
 * The pickup and return times, among the hours of the pickup branch and of the return branch (a
 * one-way return's may differ); a choice goes into the address, as the car page's box does.
 */
function RentalTimeFields({
  choice,
  returnBranch,
  errors,
  onChange,
}: {
  choice: { pickupTime: string; returnTime: string; branchCode: string };
  returnBranch: string;
  errors: Record<string, string>;
  onChange: (key: 'pickupTime' | 'returnTime', value: string) => void;
}) {
  const { t } = useTranslation('booking');
  const id = useId();
  const hoursOf = useBranchHalfHours();
  const say = (path: string) => (errors[path] ? t(errors[path]!) : undefined);
  return (
    <div className="mb-4 grid gap-x-3 sm:grid-cols-2" data-testid="rental-times">
      <TimeChoice
        id={`${id}-pickup`}
        label={t('times.pickup')}
        value={choice.pickupTime}
        times={hoursOf(choice.branchCode)}
        error={say('pickupTime') ?? say('pickupDate')}
        onChange={(v) => onChange('pickupTime', v)}
      />
      <TimeChoice
        id={`${id}-return`}
        label={t('times.return')}
        value={choice.returnTime}
        times={hoursOf(returnBranch)}
        error={say('returnTime') ?? say('returnDate')}
        onChange={(v) => onChange('returnTime', v)}
      />
    </div>
  );
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
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const choice = useMemo(() => readChoice(carId, params), [carId, params]);
  usePageMeta(t('summary.metaTitle'));

  const [addons, setAddons] = useState<AddonCode[]>([]);
  const [handover, setHandover] = useState<HandoverState>(noHandover);
  const [handoverErrors, setHandoverErrors] = useState<HandoverErrors>({});
  const [promoOpen, setPromoOpen] = useState(false);
  const [promo, setPromo] = useState<string | undefined>();
  const [promoError, setPromoError] = useState<string | null>(null);
  // What went wrong as a text key (or the API's error, whose words follow the language too).
  const [formError, setFormError] = useState<string | ApiError | null>(null);
  const [taken, setUnavailable] = useState(false);
  // One key per attempt: kept after a network failure or time-out (a retry is the same request), renewed after an answer.
  const idempotencyKey = useRef(newKey());
  const errorSummary = useRef<HTMLDivElement>(null);

  const addonsQuery = useQuery({ queryKey: ['addons', f.lang], queryFn: fetchAddons });
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  // The quote prices the zones; where exactly (the address, the flight) goes with the booking.
  const quoteBody = choice
    ? {
        ...choice,
        addons: addons.map((code) => ({ code, quantity: 1 })),
        promoCode: promo,
        returnBranchCode: handover.returnBranch || undefined,
        delivery: handover.delivery?.zoneId ? { zoneId: handover.delivery.zoneId } : undefined,
        collection: handover.collection?.zoneId ? { zoneId: handover.collection.zoneId } : undefined,
      }
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
  const form = useForm<FormValues, ResolverContext>({
    defaultValues: {
      driver: {
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        email: user?.email ?? '',
        phone: user?.phone ?? '',
        idNumber: '',
        ...emptyLicence,
      },
      additionalDrivers: [],
      card: { number: '', name: '', expiry: '', cvv: '' },
      method: 'card',
      acceptTerms: false,
      promoCode: '',
      company: {
        wanted: false,
        companyName: '',
        address: '',
        postcode: '',
        subDistrictCode: '',
        taxId: '',
        headOffice: true,
        branchNo: '',
      },
    },
    resolver: bookingResolver,
    // Read by the resolver at each check: a free booking asks for no card.
    context: {
      needsCard: !free,
      rental: quote.data && {
        rules: quote.data.driverRules,
        pickupDate: quote.data.pickupDate,
        returnDate: quote.data.returnDate,
      },
    },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const rules = quote.data?.driverRules;
  const ruleWords = rules && { minAge: rules.minAge, maxAge: rules.maxAge, years: rules.minLicenceYears };
  /** A field's error in the language of the moment (errors hold text keys; the car's rules fill them in). */
  const say = (error?: { message?: string }) => (error?.message ? t(error.message, ruleWords) : undefined);
  const sayAt = (path: string) =>
    say(
      path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], errors) as never,
    );
  const extraDrivers = useFieldArray({ control: form.control, name: 'additionalDrivers' });
  const method = useWatch({ control: form.control, name: 'method' });
  // The customer's company account, when they are a member of one (its method is offered then).
  const company = useQuery({ queryKey: ['my-company'], queryFn: fetchMyCompany, enabled: user !== null });
  const promoInput = useWatch({ control: form.control, name: 'promoCode' });

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
      setPromoError('validation.promo');
    },
  });

  const submit = useMutation({
    mutationFn: async (values: FormValues) => {
      let cardToken: string | undefined;
      if (values.method === 'card' && !free) {
        // The card goes from here to the gateway's vault only; we are sent its token.
        const vault = (gateway.data ?? (await gateway.refetch()).data)?.card;
        if (!vault) throw new CardNotTokenised('vault_unreachable');
        const made = await createCardToken(vault, values.card);
        if ('refused' in made) throw new CardNotTokenised(made.refused);
        cardToken = made.token;
      }
      return createBooking(
        {
          ...choice!,
          addons: addons.map((code) => ({ code, quantity: 1 })),
          promoCode: promo,
          driver: values.driver,
          additionalDrivers: values.additionalDrivers,
          returnBranchCode: handover.returnBranch || undefined,
          delivery: handover.delivery
            ? { ...handover.delivery, zoneId: handover.delivery.zoneId ?? 0 }
            : undefined,
          collection: handover.collection
            ? { ...handover.collection, zoneId: handover.collection.zoneId ?? 0 }
            : undefined,
          // The server confirms a free booking whatever the method; a transfer asks for no card.
          paymentMethod: free ? 'bank_transfer' : values.method,
          cardToken,
          acceptTerms: true,
          taxInvoice:
            values.company.wanted && values.method !== 'company_account'
              ? taxBuyerOf(values.company)
              : undefined,
        },
        idempotencyKey.current,
      );
    },
    onSuccess: (data) => {
      idempotencyKey.current = newKey();
      // The card's bank asks the customer to approve (3-D Secure): its page, then back to the booking's.
      const bank = data.instructions.card?.authorizeUri;
      if (bank) window.location.assign(bank);
      else navigate(`/booking-success?booking=${encodeURIComponent(data.booking.bookingNumber)}`);
    },
    onError: (error) => {
      if (error instanceof CardNotTokenised) {
        setFormError(`cardErrors.${error.reason}`);
        requestAnimationFrame(() => errorSummary.current?.focus());
        return;
      }
      if (!(error instanceof ApiError)) return setFormError('summary.fixErrors');
      if (error.kind === 'http') idempotencyKey.current = newKey();
      // Business outcomes by their code, never by the server's English text.
      if (error.code === 'CAR_UNAVAILABLE') {
        setUnavailable(true);
        setFormError('summary.unavailable');
      } else if (error.code === 'TOO_MANY_UNPAID_BOOKINGS') {
        setFormError('summary.tooManyUnpaid');
      } else if (error.code === 'UNPAID_HOLDS_FULL') {
        setFormError('summary.unpaidHoldsFull');
      } else if (error.code === 'UNPAID_HOLDS_FROM_NETWORK') {
        setFormError('summary.unpaidFromNetwork');
      } else if (error.code === 'PAYMENT_FAILED') {
        // The booking was made and keeps its car while it is paid again: its page says why the
        // card was refused and takes another card or another way (docs/decisions/3530).
        const held = error.fieldErrors.find((e) => e.path === refusedBookingPath)?.message;
        if (held) return navigate(`/booking-success?booking=${encodeURIComponent(held)}`);
        setFormError(`cardErrors.${cardRefusal(error.fieldErrors[0]?.message)}`);
      } else if (error.code === 'DRIVER_NOT_ELIGIBLE') {
        for (const e of error.fieldErrors)
          form.setError(e.path as 'driver.birthDate', {
            type: 'server',
            message: messageKeys[e.message] ?? 'validation.birthDateCheck',
          });
        setFormError('summary.driverNotEligible');
      } else if (error.code === 'RENTAL_CLOSED') {
        setFormError('closed');
      } else if (method === 'company_account' && error.fieldErrors.some((e) => e.path === 'paymentMethod')) {
        // The company's account was suspended, or the customer taken off it, since the page opened:
        // asked afresh, it says which (and the method is no longer offered).
        void company
          .refetch()
          .then((r) => setFormError(r.data ? 'summary.companySuspended' : 'summary.companyNotMember'));
      } else if (error.code === 'PROMOTION_INVALID') {
        setPromo(undefined);
        setPromoError('validation.promo');
        setFormError('validation.promo');
      } else {
        const where: HandoverErrors = {};
        for (const e of error.fieldErrors)
          if (/^(delivery|collection)\.|^returnBranchCode$/.test(e.path))
            where[e.path] = messageKeys[e.message] ?? 'validation.handoverAddress';
        setHandoverErrors(where);
        for (const e of error.fieldErrors)
          if (messageKeys[e.message])
            form.setError(
              (e.path.startsWith('taxInvoice.')
                ? `company.${e.path.slice('taxInvoice.'.length).replace('branch', 'branchNo')}`
                : e.path) as 'driver.firstName',
              { type: 'server', message: messageKeys[e.message] },
            );
        setFormError(error);
      }
      requestAnimationFrame(() => errorSummary.current?.focus());
    },
  });

  if (!choice) return <IncompleteBooking />;

  const onSubmit = (event: FormEvent) => {
    const where = checkHandovers(handover);
    setHandoverErrors(where);
    return void form.handleSubmit(
      (values) => {
        if (Object.keys(where).length) {
          setFormError('summary.fixErrors');
          requestAnimationFrame(() => errorSummary.current?.focus());
          return;
        }
        if (submit.isPending) return;
        setFormError(null);
        submit.mutate(values);
      },
      () => {
        setFormError('summary.fixErrors');
        requestAnimationFrame(() => errorSummary.current?.focus());
      },
    )(event);
  };

  const backTo = `/cars/${choice.carModelId}`;
  const methodIcons = {
    card: CreditCard,
    bank_transfer: Landmark,
    promptpay: QrCode,
    wechat_pay: Smartphone,
    alipay: Smartphone,
    company_account: Building,
  };
  // Wallets only when the gateway takes them (the sandbox takes none); the company's account only to
  // its members while it is open.
  const sources = gateway.data?.sources ?? [];
  const offered = paymentMethods.filter((m) =>
    m === 'company_account'
      ? company.data?.active === true
      : !(walletMethods as readonly string[]).includes(m) || sources.includes(m as GatewaySource),
  );

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
              {typeof formError === 'string' ? t(formError) : formError.message}
              {/* The last cars of a model wait for someone who pays at once (docs/decisions/3102): offer it. */}
              {formError === 'summary.unpaidHoldsFull' && offered.includes('card') && method !== 'card' && (
                <button
                  type="button"
                  className="mt-3 block rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
                  onClick={() => {
                    form.setValue('method', 'card');
                    setFormError(null);
                  }}
                >
                  {t('summary.payByCardNow')}
                </button>
              )}
            </div>
          )}

          <Section title={t('summary.personal')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('fields.firstName')}
                registration={register('driver.firstName')}
                error={say(errors.driver?.firstName)}
                autoComplete="given-name"
              />
              <TextField
                label={t('fields.lastName')}
                registration={register('driver.lastName')}
                error={say(errors.driver?.lastName)}
                autoComplete="family-name"
              />
              <TextField
                type="email"
                label={t('fields.email')}
                registration={register('driver.email')}
                error={say(errors.driver?.email)}
                autoComplete="email"
                inputMode="email"
              />
              <TextField
                type="tel"
                label={t('fields.phone')}
                registration={register('driver.phone')}
                error={say(errors.driver?.phone)}
                autoComplete="tel"
                inputMode="tel"
              />
              <TextField
                label={t('fields.idNumber')}
                registration={register('driver.idNumber')}
                error={say(errors.driver?.idNumber)}
              />
              <LicenceFields
                prefix="driver"
                register={register as never}
                control={form.control as never}
                say={sayAt}
              />
            </div>
            {rules && (
              <p className="mt-4 rounded-lg bg-sand-50 p-3 text-slate-800" data-testid="driver-rules">
                {t(rules.maxAge === null ? 'summary.driverRules' : 'summary.driverRulesMax', ruleWords)}
              </p>
            )}
          </Section>

          <Section title={t('summary.additionalDrivers')}>
            <p className="text-slate-700">
              {t('summary.additionalDriversFree', { count: maxAdditionalDrivers })}
            </p>
            {extraDrivers.fields.map((field, i) => (
              <fieldset key={field.id} className="mt-4 rounded-lg border border-slate-200 p-4">
                <legend className="px-1 font-semibold">{t('summary.driverN', { n: i + 2 })}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label={t('fields.firstName')}
                    registration={register(`additionalDrivers.${i}.firstName`)}
                    error={sayAt(`additionalDrivers.${i}.firstName`)}
                    autoComplete="off"
                  />
                  <TextField
                    label={t('fields.lastName')}
                    registration={register(`additionalDrivers.${i}.lastName`)}
                    error={sayAt(`additionalDrivers.${i}.lastName`)}
                    autoComplete="off"
                  />
                  <LicenceFields
                    prefix={`additionalDrivers.${i}`}
                    register={register as never}
                    control={form.control as never}
                    say={sayAt}
                  />
                </div>
                <button type="button" className="btn-outline mt-4" onClick={() => extraDrivers.remove(i)}>
                  {t('summary.removeDriver', { n: i + 2 })}
                </button>
              </fieldset>
            ))}
            {extraDrivers.fields.length < maxAdditionalDrivers && (
              <button
                type="button"
                className="btn-outline mt-4"
                onClick={() => extraDrivers.append({ firstName: '', lastName: '', ...emptyLicence })}
              >
                {t('summary.addDriver')}
              </button>
            )}
          </Section>

          <Section title={t('handover.title')}>
            <RentalTimeFields
              choice={choice}
              returnBranch={handover.returnBranch || choice.branchCode}
              errors={timeErrors(quote.error)}
              onChange={(key, value) => {
                const next = new URLSearchParams(params);
                next.set(key, value);
                setParams(next, { replace: true });
              }}
            />
            <HandoverFields
              branchCode={choice.branchCode}
              branchName={quote.data?.branchName ?? choice.branchCode}
              value={handover}
              onChange={(next) => {
                setHandover(next);
                setHandoverErrors({});
              }}
              errors={handoverErrors}
            />
          </Section>

          <Section title={t('summary.extras')}>
            <ul className="space-y-3">
              {(addonsQuery.data ?? []).map((a) => (
                <li key={a.code}>
                  <label className="flex cursor-pointer items-start gap-3">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-6 shrink-0"
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

          <Section title={t('tax.title')}>
            {method === 'company_account' && !free ? (
              <p className="text-slate-800" data-testid="on-monthly-invoice">
                {t('tax.onAccount', { company: company.data?.name })}
              </p>
            ) : (
              <CompanyFields form={form} say={say} />
            )}
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
                      <TextField
                        label={t('summary.promoLabel')}
                        registration={register('promoCode')}
                        error={promoError ? t(promoError) : undefined}
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
                    {offered.map((m) => {
                      const Icon = methodIcons[m];
                      return (
                        <label
                          key={m}
                          className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 ${method === m ? 'border-brand-700 bg-brand-50' : 'border-slate-300'}`}
                        >
                          <input type="radio" value={m} {...register('method')} className="size-5" />
                          <Icon aria-hidden="true" size={20} />
                          <span>{t(`methods.${m}`)}</span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
                <p className="mt-3 text-slate-700">
                  {method === 'promptpay' && sources.includes('promptpay')
                    ? t('methodHelp.promptpayGateway')
                    : t(`methodHelp.${method}`, { company: company.data?.name })}
                </p>
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
                        <TextField
                          label={t('fields.cardNumber')}
                          registration={register('card.number')}
                          error={say(errors.card?.number)}
                          autoComplete="cc-number"
                          inputMode="numeric"
                        />
                      </div>
                      <div className="sm:col-span-2">
                        <TextField
                          label={t('fields.cardName')}
                          registration={register('card.name')}
                          error={say(errors.card?.name)}
                          autoComplete="cc-name"
                        />
                      </div>
                      <TextField
                        label={t('fields.expiry')}
                        registration={register('card.expiry')}
                        error={say(errors.card?.expiry)}
                        autoComplete="cc-exp"
                        placeholder="MM/YY"
                      />
                      <TextField
                        label={t('fields.cvv')}
                        registration={register('card.cvv')}
                        error={say(errors.card?.cvv)}
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
              {/* Through the gateway PromptPay needs no slip: the terms say so. */}
              <li>{t(sources.includes('promptpay') ? 'rules.slipGateway' : 'rules.slip')}</li>
            </ul>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                className="mt-0.5 size-6 shrink-0"
                {...register('acceptTerms')}
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
                {say(errors.acceptTerms)}
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
              {quote.data && <DepositNote deposit={{ amount: quote.data.deposit }} />}
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
