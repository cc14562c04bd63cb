import { useState, type FormEvent } from 'react';
import type { StaffChangeBody, StaffChangeQuote } from '@siam/contract/admin-bookings';
import type { AddonCode, Booking, ChangeOptions } from '@siam/contract/bookings';
import { counterPaymentMethods, type CounterPaymentMethod } from '@siam/contract/payment-methods';
import { apiRequest } from '../../../lib/api-client';
import { formatSatang } from '../../../lib/money';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { Card, ErrorNote, Field, SelectField } from '../admin-ui';

type Draft = {
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  carModelId: string;
  addons: Partial<Record<AddonCode, number>>;
};

const draftOf = (b: Booking): Draft => ({
  pickupDate: b.pickupDate,
  pickupTime: b.pickupTime,
  returnDate: b.returnDate,
  returnTime: b.returnTime,
  carModelId: String(b.carModelId),
  addons: Object.fromEntries(b.addons.map((a) => [a.code, a.quantity])),
});

const bodyOf = (d: Draft): StaffChangeBody => ({
  pickupDate: d.pickupDate,
  pickupTime: d.pickupTime,
  returnDate: d.returnDate,
  returnTime: d.returnTime,
  carModelId: Number(d.carModelId),
  addons: Object.entries(d.addons)
    .filter(([, quantity]) => (quantity ?? 0) > 0)
    .map(([code, quantity]) => ({ code: code as AddonCode, quantity: quantity! })),
});

/**
 * Staff change a booking from its page (issue 36 part 6, decision 3661): dates and times, the car
 * (another model, then one of its free units) and the extras with quantities, priced by the server at
 * the booking's agreed prices and shown before saving; a dearer difference is taken at the counter
 * (its method and reference recorded), a cheaper one goes back through the refund path.
 */
export function StaffChangeCard({
  booking,
  options,
  onDone,
}: {
  booking: Booking;
  /** The cars at the booking's branch and the extras: read with the page, so the card shows whole. */
  options: ChangeOptions | undefined;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation('admin');
  const open = ['awaiting_payment', 'confirmed', 'active'].includes(booking.status);
  const [draft, setDraft] = useState(() => draftOf(booking));
  const [quote, setQuote] = useState<StaffChangeQuote | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [unitId, setUnitId] = useState('');
  const [collect, setCollect] = useState<{ method: CounterPaymentMethod; reference: string }>({
    method: 'card_terminal',
    reference: '',
  });
  const save = useAdminMutation<{ booking: Booking }, StaffChangeBody>(
    'POST',
    `/bookings/${booking.id}/change`,
  );
  if (!open) return null;

  const edit = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setQuote(null);
  };
  const ask = async () => {
    setQuoteError(null);
    try {
      const res = await apiRequest<{ response: { data: StaffChangeQuote } }>(
        `/admin/bookings/${booking.id}/change/quote`,
        { method: 'POST', body: bodyOf(draft) },
      );
      setQuote(res.response.data);
      setUnitId(String(res.response.data.freeUnits[0]?.id ?? ''));
    } catch (error) {
      setQuoteError(error);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!quote) return;
    const body: StaffChangeBody = {
      ...bodyOf(draft),
      ...(unitId && { unitId: Number(unitId) }),
      ...(quote.settle === 'collect' && {
        collectedBy: collect.method,
        reference: collect.reference || undefined,
      }),
    };
    save.mutate(body, {
      onSuccess: () => {
        setQuote(null);
        onDone(t('staffChange.saved'));
      },
    });
  };
  const errors = fieldErrors(save.error ?? quoteError);
  const withReference = collect.method === 'card_terminal' || collect.method === 'promptpay';

  return (
    <Card title={t('staffChange.title')}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('staffChange.pickupDate')}
            type="date"
            value={draft.pickupDate}
            onChange={(e) => edit({ pickupDate: e.target.value })}
            error={errors.pickupDate}
          />
          <Field
            label={t('staffChange.pickupTime')}
            type="time"
            value={draft.pickupTime}
            onChange={(e) => edit({ pickupTime: e.target.value })}
          />
          <Field
            label={t('staffChange.returnDate')}
            type="date"
            value={draft.returnDate}
            onChange={(e) => edit({ returnDate: e.target.value })}
            error={errors.returnDate}
          />
          <Field
            label={t('staffChange.returnTime')}
            type="time"
            value={draft.returnTime}
            onChange={(e) => edit({ returnTime: e.target.value })}
          />
        </div>
        <SelectField
          label={t('staffChange.car')}
          value={draft.carModelId}
          onChange={(e) => edit({ carModelId: e.target.value })}
          error={errors.carModelId}
        >
          {options?.cars.map((c) => (
            <option key={c.carModelId} value={c.carModelId}>
              {c.carName}
            </option>
          ))}
        </SelectField>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{t('staffChange.extras')}</legend>
          {options?.addons.map((a) => (
            <Field
              key={a.code}
              label={t('staffChange.quantity', { extra: a.label })}
              type="number"
              min={0}
              max={3}
              value={String(draft.addons[a.code] ?? 0)}
              onChange={(e) =>
                edit({ addons: { ...draft.addons, [a.code]: Math.max(0, Number(e.target.value) || 0) } })
              }
            />
          ))}
        </fieldset>
        <button type="button" className="btn-outline" onClick={() => void ask()}>
          {t('staffChange.price')}
        </button>
        <ErrorNote error={quoteError} />
        {quote && (
          <ChangePrice
            quote={quote}
            unitId={unitId}
            setUnitId={setUnitId}
            collect={collect}
            setCollect={setCollect}
            withReference={withReference}
            errors={errors}
          />
        )}
        {quote?.available && (
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('staffChange.save')}
          </button>
        )}
        <ErrorNote error={save.error} />
      </form>
    </Card>
  );
}

/** The server's price of the change, the unit it goes to, and how the counter takes a difference. */
function ChangePrice({
  quote,
  unitId,
  setUnitId,
  collect,
  setCollect,
  withReference,
  errors,
}: {
  quote: StaffChangeQuote;
  unitId: string;
  setUnitId: (id: string) => void;
  collect: { method: CounterPaymentMethod; reference: string };
  setCollect: (c: { method: CounterPaymentMethod; reference: string }) => void;
  withReference: boolean;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('admin');
  const amount = formatSatang(Math.abs(quote.difference));
  if (!quote.available)
    return (
      <p role="alert" className="text-red-800">
        {t('staffChange.noCar')}
      </p>
    );
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="staff-change-price">
      <p>
        {t('staffChange.newTotal', { days: quote.days })}{' '}
        <strong data-testid="staff-change-total">{formatSatang(quote.total)}</strong>{' '}
        {t('staffChange.was', { total: formatSatang(quote.currentTotal) })}
      </p>
      <p>{t(`staffChange.settle.${quote.settle}`, { amount })}</p>
      <SelectField label={t('staffChange.unit')} value={unitId} onChange={(e) => setUnitId(e.target.value)}>
        {quote.freeUnits.map((u) => (
          <option key={u.id} value={u.id}>
            {u.plate}
          </option>
        ))}
      </SelectField>
      {quote.settle === 'collect' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('staffChange.collectedBy')}
            value={collect.method}
            onChange={(e) =>
              setCollect({ method: e.target.value as CounterPaymentMethod, reference: collect.reference })
            }
            error={errors.collectedBy}
          >
            {counterPaymentMethods.map((m) => (
              <option key={m} value={m}>
                {t(`booking.methods.${m}`)}
              </option>
            ))}
          </SelectField>
          {withReference && (
            <Field
              label={t('staffChange.reference')}
              value={collect.reference}
              onChange={(e) => setCollect({ ...collect, reference: e.target.value })}
              error={errors.reference}
            />
          )}
        </div>
      )}
    </div>
  );
}
