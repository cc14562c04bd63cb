import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { businessRules } from '@siam/contract/business-rules';
import type { Branch, Category } from '@siam/contract/catalog';
import { acceptPrice, type ListingState } from './listing-params';
import { formatNumber, todayInBangkok } from './format';
import { useChangedBeforeLive } from '../../lib/server-rendered';

type Update = (patch: Partial<ListingState>) => void;

/** Calls `fn` once `value` has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number, fn: (v: T) => void) {
  const first = useRef(true);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}

/**
 * Min and max price: number inputs plus sliders (spec §5). An entry counts
 * only when it is a whole number in bounds; anything else is ignored (no
 * request) and said next to the field.
 */
function PriceFilter({ min, max, update }: { min: number; max: number; update: Update }) {
  const { t, i18n } = useTranslation('catalog');
  const id = useId();
  const [draft, setDraft] = useState({ min: String(min), max: String(max) });
  const [slider, setSlider] = useState({ min, max });
  const minOk = acceptPrice('min', draft.min, { min, max }) !== undefined;
  const maxOk = acceptPrice('max', draft.max, { min, max }) !== undefined;

  useDebounced(draft, 500, (d) => {
    const nextMin = acceptPrice('min', d.min, { min, max });
    const nextMax = acceptPrice('max', d.max, { min, max });
    const patch: Partial<ListingState> = {};
    if (nextMin !== undefined && nextMin !== min) patch.priceMin = nextMin;
    if (nextMax !== undefined && nextMax !== max) patch.priceMax = nextMax;
    if (Object.keys(patch).length) update(patch);
  });
  useDebounced(slider, 300, (s) => {
    if (s.min !== min || s.max !== max) update({ priceMin: s.min, priceMax: s.max });
  });

  // Typed or slid in the server's HTML before the page was live: taken as drafts, sent as any entry is.
  const minField = useRef<HTMLInputElement>(null);
  const maxField = useRef<HTMLInputElement>(null);
  const minSlider = useRef<HTMLInputElement>(null);
  const maxSlider = useRef<HTMLInputElement>(null);
  useChangedBeforeLive(
    [minField, maxField, minSlider, maxSlider],
    ([typedMin, typedMax, slidMin, slidMax]) => {
      const next = { min: slidMin ?? typedMin ?? String(min), max: slidMax ?? typedMax ?? String(max) };
      setDraft(next);
      if (slidMin !== undefined || slidMax !== undefined)
        setSlider({ min: Number(slidMin ?? min), max: Number(slidMax ?? max) });
    },
  );

  const fmt = (n: number) => formatNumber(n, i18n.resolvedLanguage ?? 'en');
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">{t('filters.price')}</legend>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-min`} className="text-sm text-slate-700">
            {t('filters.priceMin')}
          </label>
          <input
            ref={minField}
            id={`${id}-min`}
            inputMode="numeric"
            className="field-input"
            value={draft.min}
            aria-invalid={!minOk}
            aria-describedby={minOk ? undefined : `${id}-min-error`}
            onChange={(e) => setDraft((d) => ({ ...d, min: e.target.value }))}
          />
          {!minOk && (
            <p id={`${id}-min-error`} role="alert" className="field-error">
              {t('filters.priceMinInvalid', { max: fmt(max) })}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="text-sm text-slate-700">
            {t('filters.priceMax')}
          </label>
          <input
            ref={maxField}
            id={`${id}-max`}
            inputMode="numeric"
            className="field-input"
            value={draft.max}
            aria-invalid={!maxOk}
            aria-describedby={maxOk ? undefined : `${id}-max-error`}
            onChange={(e) => setDraft((d) => ({ ...d, max: e.target.value }))}
          />
          {!maxOk && (
            <p id={`${id}-max-error`} role="alert" className="field-error">
              {t('filters.priceMaxInvalid', { min: fmt(min), limit: fmt(businessRules.priceMax) })}
            </p>
          )}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-slider-min`} className="sr-only">
          {t('filters.priceMinSlider')}
        </label>
        <input
          ref={minSlider}
          id={`${id}-slider-min`}
          type="range"
          className="w-full accent-brand-700"
          min={businessRules.priceMin}
          max={businessRules.priceMax}
          step={businessRules.priceSliderStep}
          value={slider.min}
          aria-valuetext={fmt(slider.min)}
          onChange={(e) => {
            const v = Math.min(Number(e.target.value), slider.max);
            setSlider((s) => ({ ...s, min: v }));
            setDraft((d) => ({ ...d, min: String(v) }));
          }}
        />
        <label htmlFor={`${id}-slider-max`} className="sr-only">
          {t('filters.priceMaxSlider')}
        </label>
        <input
          ref={maxSlider}
          id={`${id}-slider-max`}
          type="range"
          className="w-full accent-brand-700"
          min={businessRules.priceMin}
          max={businessRules.priceMax}
          step={businessRules.priceSliderStep}
          value={slider.max}
          aria-valuetext={fmt(slider.max)}
          onChange={(e) => {
            const v = Math.max(Number(e.target.value), slider.min);
            setSlider((s) => ({ ...s, max: v }));
            setDraft((d) => ({ ...d, max: String(v) }));
          }}
        />
        <p className="text-sm text-slate-700" aria-hidden>
          ฿{fmt(min)} – ฿{fmt(max)}
        </p>
      </div>
    </fieldset>
  );
}

/** Pickup and return dates and the branch: only cars free for them are listed. */
export function DatesFilter({
  state,
  update,
  branches,
}: {
  state: ListingState;
  update: Update;
  branches: Branch[] | undefined;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [pickup, setPickup] = useState(state.pickupDate ?? '');
  const [ret, setRet] = useState(state.returnDate ?? '');
  const today = todayInBangkok();
  let error: string | undefined;
  if (pickup && pickup < today) error = t('dates.pickupPast');
  else if (pickup && ret && ret < pickup) error = t('dates.returnBeforePickup');

  const apply = (p: string, r: string) => {
    if (p && r && p >= today && r >= p) update({ pickupDate: p, returnDate: r });
    else if (!p && !r && state.pickupDate) update({ pickupDate: undefined, returnDate: undefined });
  };
  // Chosen in the server's HTML before the page was live: the dates as a pair (as `apply` takes
  // them) and the branches, in one change of the address.
  const pickupField = useRef<HTMLInputElement>(null);
  const returnField = useRef<HTMLInputElement>(null);
  const branchSelect = useRef<HTMLSelectElement>(null);
  const returnBranchSelect = useRef<HTMLSelectElement>(null);
  useChangedBeforeLive(
    [pickupField, returnField, branchSelect, returnBranchSelect],
    ([typedPickup, typedReturn, typedBranch, typedReturnBranch]) => {
      const p = typedPickup ?? pickup;
      const r = typedReturn ?? ret;
      setPickup(p);
      setRet(r);
      const patch: Partial<ListingState> = {};
      if (p && r && p >= today && r >= p) Object.assign(patch, { pickupDate: p, returnDate: r });
      if (typedBranch !== undefined) patch.branch = typedBranch || undefined;
      if (typedReturnBranch !== undefined) patch.returnBranch = typedReturnBranch || undefined;
      if (Object.keys(patch).length) update(patch);
    },
  );
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">{t('filters.dates')}</legend>
      <div>
        <label htmlFor={`${id}-pickup`} className="text-sm text-slate-700">
          {t('dates.pickup')}
        </label>
        <input
          ref={pickupField}
          id={`${id}-pickup`}
          type="date"
          min={today}
          className="field-input"
          value={pickup}
          onChange={(e) => {
            setPickup(e.target.value);
            apply(e.target.value, ret);
          }}
        />
      </div>
      <div>
        <label htmlFor={`${id}-return`} className="text-sm text-slate-700">
          {t('dates.return')}
        </label>
        <input
          ref={returnField}
          id={`${id}-return`}
          type="date"
          min={pickup || today}
          className="field-input"
          value={ret}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setRet(e.target.value);
            apply(pickup, e.target.value);
          }}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-branch`} className="text-sm text-slate-700">
          {t('dates.branch')}
        </label>
        <select
          ref={branchSelect}
          id={`${id}-branch`}
          className="field-input"
          value={state.branch ?? ''}
          onChange={(e) => update({ branch: e.target.value || undefined })}
        >
          <option value="">{t('dates.anyBranch')}</option>
          {branches?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      {state.branch && (
        <div>
          <label htmlFor={`${id}-return-branch`} className="text-sm text-slate-700">
            {t('dates.returnBranch')}
          </label>
          <select
            ref={returnBranchSelect}
            id={`${id}-return-branch`}
            className="field-input"
            value={state.returnBranch ?? ''}
            onChange={(e) => update({ returnBranch: e.target.value || undefined })}
          >
            <option value="">{t('dates.sameBranch')}</option>
            {branches
              ?.filter((b) => b.code !== state.branch)
              .map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}

export function ListingFilters({
  state,
  update,
  categories,
  branches,
  onClearAll,
}: {
  state: ListingState;
  update: Update;
  categories: Category[] | undefined;
  branches: Branch[] | undefined;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('catalog');
  const selected = state.categoryId ?? categories?.find((c) => c.category_slug === state.type)?.category_id;
  // A type ticked in the server's HTML before the page was live: the one radio that became checked.
  const types = useRef<HTMLFieldSetElement>(null);
  useChangedBeforeLive([types], ([ticked]) => {
    if (ticked !== undefined) update({ categoryId: Number(ticked) || undefined, type: undefined });
  });
  return (
    <div className="space-y-6">
      <fieldset ref={types}>
        <legend className="field-label">{t('filters.category')}</legend>
        <div className="space-y-1">
          {[
            { category_id: 0, category_name: t('filters.allCategories'), category_slug: '' },
            ...(categories ?? []),
          ].map((c) => (
            <label
              key={c.category_id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-sand-100"
            >
              <input
                type="radio"
                name="category"
                value={c.category_id}
                className="h-5 w-5 accent-brand-700"
                checked={(selected ?? 0) === c.category_id}
                onChange={() => update({ categoryId: c.category_id || undefined, type: undefined })}
              />
              {c.category_name}
            </label>
          ))}
        </div>
      </fieldset>
      <PriceFilter
        key={`${state.priceMin}-${state.priceMax}`}
        min={state.priceMin}
        max={state.priceMax}
        update={update}
      />
      <DatesFilter
        key={`${state.pickupDate}-${state.returnDate}`}
        state={state}
        update={update}
        branches={branches}
      />
      <button type="button" className="btn-outline w-full" onClick={onClearAll}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
