import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminBranch } from '@siam/contract/admin';
import { fieldErrors, fieldErrorsSaid, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, Checkbox, ErrorNote, Field, Loading, PageTitle, SavedNote, useFormats } from '../admin-ui';
import { branchMessages } from '@siam/contract/admin';
import { PostcodeAndSubDistrict } from '../../addresses/postcode-sub-district';
import { useMessageWords } from '../../../lib/form-fields';
import { CounterPlaceFields } from './branch-counter-place';

function BranchForm({ branch, canEdit }: { branch: AdminBranch; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const words = useMessageWords();
  const [phone, setPhone] = useState(branch.phone);
  const [opensAt, setOpensAt] = useState(branch.opensAt);
  const [closesAt, setClosesAt] = useState(branch.closesAt);
  const [minRentalHours, setMinRentalHours] = useState(String(branch.minRentalHours));
  const [isActive, setIsActive] = useState(branch.isActive);
  // Out of hours (decision 3602): the band around the opening hours ('' = none) and its fee per pickup or return.
  const [bandOpens, setBandOpens] = useState(branch.outOfHoursOpensAt ?? '');
  const [bandCloses, setBandCloses] = useState(branch.outOfHoursClosesAt ?? '');
  const [fee, setFee] = useState(String(branch.outOfHoursFee));
  const [counterPlace, setCounterPlace] = useState(branch.counterPlace ?? { th: '', en: '', zh: '' });
  // Where the branch is registered with the Revenue Department: its tax invoices print it (decision 3402).
  const [taxBranchNo, setTaxBranchNo] = useState(branch.taxBranchNo);
  const registered = branch.registeredAddress;
  const [buildingNumber, setBuildingNumber] = useState(registered?.buildingNumber ?? '');
  const [street, setStreet] = useState(registered?.street ?? '');
  const [postcode, setPostcode] = useState(registered?.postcode ?? '');
  const [subDistrictCode, setSubDistrictCode] = useState(registered?.subDistrictCode ?? '');
  const save = useAdminMutation<AdminBranch, Partial<AdminBranch>>('PATCH', `/branches/${branch.code}`);
  const errors = fieldErrors(save.error);
  // The API's words about the registration and the band, in the contract's words (decision 3543).
  const said = fieldErrorsSaid(save.error, words);
  const say = (path: string) => said[path];
  // A fee that is no number reaches the API as null: said as the fee's rule.
  const feeError = errors.outOfHoursFee && words.say(branchMessages.fee, t);
  const nothingEntered = ![buildingNumber, street, postcode, subDistrictCode].some((v) => v.trim());
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          phone,
          opensAt,
          closesAt,
          minRentalHours: Number(minRentalHours),
          isActive,
          outOfHoursOpensAt: bandOpens || null,
          outOfHoursClosesAt: bandCloses || null,
          outOfHoursFee: fee.trim() === '' ? 0 : Number(fee),
          counterPlace,
          taxBranchNo,
          registeredAddress: nothingEntered ? null : { buildingNumber, street, postcode, subDistrictCode },
        });
      }}
    >
      <fieldset disabled={!canEdit} className="grid gap-3 sm:grid-cols-5">
        <Field
          label={t('branches.phone')}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <Field
          label={t('branches.opens')}
          type="time"
          value={opensAt}
          onChange={(e) => setOpensAt(e.target.value)}
          error={errors.opensAt}
        />
        <Field
          label={t('branches.closes')}
          type="time"
          value={closesAt}
          onChange={(e) => setClosesAt(e.target.value)}
          error={errors.closesAt}
        />
        <Field
          label={t('branches.minHours')}
          type="number"
          min={1}
          max={24}
          inputMode="numeric"
          value={minRentalHours}
          onChange={(e) => setMinRentalHours(e.target.value)}
          error={errors.minRentalHours}
        />
        <div className="flex items-end">
          <Checkbox label={t('branches.open')} checked={isActive} onChange={setIsActive} />
        </div>
      </fieldset>
      <fieldset disabled={!canEdit} className="mt-4 grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('branches.outOfHours')}</legend>
        <p className="text-sm text-slate-600 sm:col-span-3">{t('branches.outOfHoursHelp')}</p>
        <Field
          label={t('branches.bandOpens')}
          type="time"
          step={1800}
          value={bandOpens}
          onChange={(e) => setBandOpens(e.target.value)}
          error={say('outOfHoursOpensAt')}
        />
        <Field
          label={t('branches.bandCloses')}
          type="time"
          step={1800}
          value={bandCloses}
          onChange={(e) => setBandCloses(e.target.value)}
          error={say('outOfHoursClosesAt')}
        />
        <Field
          label={t('branches.outOfHoursFee')}
          type="number"
          min={0}
          max={100000}
          inputMode="numeric"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          error={feeError}
        />
      </fieldset>
      <fieldset disabled={!canEdit} className="mt-4 grid gap-3 sm:grid-cols-3">
        <CounterPlaceFields value={counterPlace} onChange={setCounterPlace} say={say} />
      </fieldset>
      <fieldset disabled={!canEdit} className="mt-4 grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">{t('branches.registration')}</legend>
        <Field
          label={t('branches.taxBranchNo')}
          inputMode="numeric"
          maxLength={5}
          value={taxBranchNo}
          onChange={(e) => setTaxBranchNo(e.target.value)}
          error={say('taxBranchNo')}
        />
        <Field
          label={t('common:address.buildingNumber')}
          value={buildingNumber}
          onChange={(e) => setBuildingNumber(e.target.value)}
          error={say('registeredAddress.buildingNumber')}
        />
        <Field
          label={t('common:address.street')}
          value={street}
          onChange={(e) => setStreet(e.target.value)}
          error={say('registeredAddress.street')}
        />
        <PostcodeAndSubDistrict
          postcode={postcode}
          subDistrictCode={subDistrictCode}
          onPostcode={setPostcode}
          onSubDistrict={setSubDistrictCode}
          postcodeError={say('registeredAddress.postcode')}
          subDistrictError={say('registeredAddress.subDistrictCode')}
        />
      </fieldset>
      {canEdit && (
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('save')}
          </button>
          <SavedNote show={save.isSuccess} />
        </div>
      )}
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </form>
  );
}

/**
 * The days ahead the branch is closed (public holidays, a move): no pickup or return is booked then.
 * Bookings already made for such a day stay: staff call those customers.
 */
function Closures({ branch, canEdit }: { branch: AdminBranch; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { date, lng } = useFormats();
  const [day, setDay] = useState('');
  const [note, setNote] = useState('');
  const close = useAdminMutation<AdminBranch, { note: string }>(
    'PUT',
    () => `/branches/${branch.code}/closures/${day}`,
  );
  const reopen = useAdminMutation<AdminBranch, string>(
    'DELETE',
    (d) => `/branches/${branch.code}/closures/${d}`,
  );
  const errors = fieldErrors(close.error);
  return (
    <section
      className="mt-4 border-t border-slate-200 pt-3"
      aria-label={t('branches.closures', { name: branch.name[lng] })}
    >
      <h3 className="font-semibold">{t('branches.closedDays')}</h3>
      {branch.closures.length === 0 ? (
        <p className="text-sm text-slate-600">{t('branches.noClosures')}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {branch.closures.map((c) => (
            <li key={c.date} className="flex flex-wrap items-center gap-3">
              <span>
                {date(c.date)}
                {c.note && ` · ${c.note}`}
              </span>
              {canEdit && (
                <button
                  type="button"
                  className="btn-outline"
                  disabled={reopen.isPending}
                  onClick={() => reopen.mutate(c.date)}
                >
                  {t('branches.reopen', { date: date(c.date) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          noValidate
          className="mt-2 grid gap-3 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (day) close.mutate({ note }, { onSuccess: () => (setDay(''), setNote('')) });
          }}
        >
          <Field
            label={t('branches.closeOn')}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            error={errors.date}
          />
          <Field
            label={t('branches.closureNote')}
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note}
          />
          <div className="flex items-end">
            <button type="submit" className="btn-primary" disabled={close.isPending || !day}>
              {t('branches.close')}
            </button>
          </div>
        </form>
      )}
      <ErrorNote error={reopen.error ?? (close.error?.httpStatus === 400 ? null : close.error)} />
    </section>
  );
}

export function BranchesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const { lng } = useFormats();
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  return (
    <>
      <PageTitle title={t('branches.title')} />
      <ErrorNote error={branches.error} />
      {branches.isPending && <Loading />}
      <div className="space-y-4">
        {branches.data?.map((b) => (
          <Card key={b.code} title={`${b.name[lng]} (${t('branches.units', { count: b.units })})`}>
            <p className="mb-3 text-sm text-slate-600">{b.address[lng]}</p>
            <BranchForm branch={b} canEdit={canEdit} />
            <Closures branch={b} canEdit={canEdit} />
          </Card>
        ))}
      </div>
    </>
  );
}
