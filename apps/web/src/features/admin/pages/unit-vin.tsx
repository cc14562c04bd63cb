import { useState } from 'react';
import { isVin, type AdminUnit } from '@siam/contract/admin';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { ErrorNote, Field } from '../admin-ui';

/**
 * The VIN field's error in the page's language: a typed value that is no VIN (17 letters and digits,
 * no I/O/Q) is said before sending; the server's refusal of the field is said in the same words.
 */
export function useVinError() {
  const { t } = useTranslation('admin');
  return (typed: string, serverError?: string) =>
    (typed.trim() && !isVin(typed)) || serverError ? t('units.vinInvalid') : undefined;
}

/** A unit's VIN (the rental agreement names it beside the plate), shown and edited in its row. */
export function UnitVin({ unit, canEdit }: { unit: AdminUnit; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  const [vin, setVin] = useState(unit.vin ?? '');
  const [checked, setChecked] = useState(false);
  const vinError = useVinError();
  const save = useAdminMutation<AdminUnit, { vin: string | null }>('PATCH', `/units/${unit.id}`);
  const error = checked ? vinError(vin, fieldErrors(save.error).vin) : undefined;
  if (!editing)
    return (
      <p className="text-sm break-all text-slate-600" data-testid="unit-vin">
        {unit.vin ? t('units.vinShown', { vin: unit.vin }) : t('units.vinNone')}
        {canEdit && (
          <button type="button" className="ml-2 text-brand-700 underline" onClick={() => setEditing(true)}>
            {t('units.vinEdit')}
            <span className="sr-only"> {unit.plate}</span>
          </button>
        )}
      </p>
    );
  return (
    <form
      noValidate
      aria-label={t('units.vinOf', { plate: unit.plate })}
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (vinError(vin)) return;
        save.mutate({ vin: vin.trim() ? vin : null }, { onSuccess: () => setEditing(false) });
      }}
    >
      <Field
        label={t('units.vin')}
        value={vin}
        maxLength={24}
        autoCapitalize="characters"
        spellCheck={false}
        className="min-w-0 flex-1"
        onChange={(e) => setVin(e.target.value)}
        error={error}
      />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t('units.vinSave')}
      </button>
      <button type="button" className="btn-outline" onClick={() => setEditing(false)}>
        {t('cancel')}
      </button>
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </form>
  );
}
