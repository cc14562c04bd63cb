import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { paymentMethods, walletMethods, type GatewaySource } from '@siam/contract/payment-methods';
import { Link } from '../../lib/site-link';
import { usePageMeta } from '../../lib/use-page-meta';
import { useMessageWords } from '../../lib/form-fields';
import { useTranslation } from '../../lib/use-translation';
import { RequireSignIn } from '../../app/session/require-sign-in';
import { useSession } from '../../app/session/session-provider';
import { useSiteSettings } from '../site-settings/use-site-settings';
import { fetchAddons, fetchGateway, fetchMyCompany } from '../bookings/booking-api';
import { useFormat } from '../bookings/format';
import { defaultValues, type FormValues } from './booking-form-values';
import type { ResolverContext } from './booking-resolver';
import { useLicenceRuleChanges } from '../../lib/licence-rules';
import { PayNowChoices } from './pay-now-choices';
import { PayBar, PriceAside } from './price-aside';
import { CompanySection } from './sections/company-section';
import { DeliverySection } from './sections/delivery-section';
import { AdditionalDriversSection, DriverSection, ruleWordsOf } from './sections/driver-section';
import { ExtrasSection } from './sections/extras-section';
import { PaymentSection } from './sections/payment-section';
import { PromoSection } from './sections/promo-section';
import { TermsSection } from './sections/terms-section';
import { quoteProblemText, useBookingChoice } from './use-booking-choice';
import { useSubmitBooking } from './use-submit-booking';

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

/**
 * The booking form: the sections in the order a customer fills them, the server's quote beside
 * them (the pay bar on a phone), and one way to send (docs/decisions/3320, 3520).
 */
function BookingForm() {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const { user } = useSession();
  usePageMeta(t('summary.metaTitle'));
  const booking = useBookingChoice();
  const { choice, quote, timeProblems } = booking;
  const formRef = useRef<HTMLFormElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  // Bumped at each failed send: once the page shows the problems, the first of them takes focus.
  const [problems, setProblems] = useState(0);

  // What gives the form its shape, read beside it: the wallets the gateway takes, the customer's company
  // account (its method is offered to members), the extras. The form shows once all are in, so none of
  // them lands later and pushes what is below it under a thumb (docs/decisions/3706).
  const gateway = useQuery({ queryKey: ['payment-gateway'], queryFn: fetchGateway, staleTime: Infinity });
  const company = useQuery({ queryKey: ['my-company'], queryFn: fetchMyCompany, enabled: user !== null });
  const { lang } = useFormat();
  // Through a switch of language the extras in the last one stay until the new one's names come: the
  // form stays on the page, with what was typed and where the reader was.
  const addons = useQuery({
    queryKey: ['addons', lang],
    queryFn: fetchAddons,
    placeholderData: keepPreviousData,
  });
  const closed = useSiteSettings().data?.rentalOpen === false;
  // A booking that costs nothing (a code larger than the rental) is confirmed at once: no method, no card.
  const free = quote.data?.total === 0;
  const licenceRules = useLicenceRuleChanges();
  const form = useForm<FormValues, ResolverContext>({
    defaultValues: defaultValues(user),
    // The contract's schemas (and zod) load after the form is shown, before the customer sends it:
    // the first load stays within issue 33's JavaScript budget (docs/decisions/3320).
    resolver: (values, context, options) =>
      import('./booking-resolver').then((m) => m.bookingResolver(values, context, options)),
    // Read by the resolver at each check: a free booking asks for no card.
    context: {
      needsCard: !free,
      licenceRules,
      rental: quote.data && {
        rules: quote.data.driverRules,
        pickupDate: quote.data.pickupDate,
        returnDate: quote.data.returnDate,
      },
    },
    shouldFocusError: false,
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const { submit, onSubmit, formError, setFormError, taken, deliveryErrors, setDeliveryErrors } =
    useSubmitBooking({
      form,
      booking,
      free,
      cardVault: async () => (gateway.data ?? (await gateway.refetch()).data)?.card,
      refreshCompany: () => company.refetch().then((r) => Boolean(r.data)),
      onProblem: () => setProblems((n) => n + 1),
    });

  useEffect(() => {
    void import('./booking-resolver');
  }, []);

  // The first field in error, in the page's order (sections unfold for it), else the message above the form.
  useEffect(() => {
    if (!problems) return;
    const frame = requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = field ?? errorSummary.current;
      target?.scrollIntoView({ block: 'center' });
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [problems]);

  if (!choice) return <IncompleteBooking />;
  const shaped = !gateway.isPending && !(user !== null && company.isPending) && !addons.isPending;

  const rules = quote.data?.driverRules;
  const ruleWords = ruleWordsOf(rules);
  const errors = form.formState.errors;
  const say = (error?: { message?: string }) =>
    error?.message ? words.say(error.message, (key) => t(key, ruleWords)) : undefined;
  const sayAt = (path: string) =>
    say(
      path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], errors) as never,
    );
  const unavailable = taken || (quote.data !== undefined && !quote.data.available);
  const backTo = `/cars/${choice.carModelId}`;
  // Wallets only when the gateway takes them (the sandbox takes none); the company's account only to
  // its members while it is open.
  const sources = gateway.data?.sources ?? [];
  const offered = paymentMethods.filter((m) =>
    m === 'company_account'
      ? company.data?.active === true
      : !(walletMethods as readonly string[]).includes(m) || sources.includes(m as GatewaySource),
  );
  const payButton = (wide: boolean) => (
    <button
      type="submit"
      form="booking-form"
      className={`btn-action ${wide ? 'mt-5 w-full text-lg' : 'px-5'}`}
      data-testid={wide ? 'pay-button' : undefined}
      // Not while the price shown is not yet the one for the choices of the moment (being asked again):
      // a customer never pays a price they have not seen.
      disabled={submit.isPending || unavailable || closed || quote.isPlaceholderData}
    >
      {submit.isPending
        ? t('summary.submitting')
        : method === 'card' && !free
          ? t('summary.payConfirm')
          : t('summary.confirmBooking')}
    </button>
  );
  // A time's refusal is said at the time; the price says only what no field does.
  const quoteProblem =
    quote.isError && Object.keys(timeProblems).length === 0 ? quoteProblemText(quote.error, t) : undefined;

  return (
    <div className="container-page pt-6 pb-28 lg:py-8">
      <Link to={backTo} className="inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft aria-hidden="true" size={18} /> {t('summary.back')}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold sm:text-3xl">{t('summary.title')}</h1>
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
      {!shaped ? (
        <p className="mt-6" aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <form
          id="booking-form"
          ref={formRef}
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          className="mt-4 grid gap-3 sm:mt-6 sm:gap-6 lg:grid-cols-[1fr_22rem]"
        >
          <div className="space-y-3 sm:space-y-6">
            {formError && (
              <div
                ref={errorSummary}
                tabIndex={-1}
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
              >
                {formError === 'summary.unpaidHoldsFull' ? (
                  <PayNowChoices
                    offered={offered}
                    qrAtGateway={sources.includes('promptpay')}
                    method={method}
                    choose={(m) => {
                      form.setValue('method', m);
                      setFormError(null);
                    }}
                  />
                ) : typeof formError === 'string' ? (
                  t(formError)
                ) : (
                  formError.message
                )}
              </div>
            )}
            <DriverSection form={form} say={say} sayAt={sayAt} rules={rules} />
            <AdditionalDriversSection form={form} sayAt={sayAt} />
            <DeliverySection
              booking={booking}
              branchName={quote.data?.branchName ?? choice.branchCode}
              errors={deliveryErrors}
              onChange={() => setDeliveryErrors({})}
            />
            <ExtrasSection booking={booking} addons={addons.data ?? []} />
            <CompanySection
              form={form}
              say={say}
              onAccountOf={method === 'company_account' && !free ? (company.data?.name ?? '') : null}
            />
            <PromoSection form={form} booking={booking} />
            <PaymentSection
              form={form}
              say={say}
              offered={offered}
              sources={sources}
              sandbox={gateway.data?.sandbox !== false}
              free={free}
              companyName={company.data?.name}
            />
            <TermsSection
              form={form}
              say={say}
              slipViaGateway={sources.includes('promptpay')}
              paidLater={!free && method !== 'card' && method !== 'company_account'}
            />
          </div>
          <PriceAside
            quote={quote.data}
            pending={quote.isPending}
            updating={quote.isPlaceholderData}
            problem={quoteProblem}
            button={payButton(true)}
          />
        </form>
      )}
      {shaped && <PayBar quote={quote.data} pending={quote.isFetching} button={payButton(false)} />}
    </div>
  );
}

export function BookingFormPage() {
  return (
    <RequireSignIn>
      <BookingForm />
    </RequireSignIn>
  );
}

export const Component = BookingFormPage;
