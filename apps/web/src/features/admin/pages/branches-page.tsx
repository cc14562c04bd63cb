import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminBranch } from '@siam/contract/admin';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, Checkbox, ErrorNote, Field, Loading, PageTitle, SavedNote, useFormats } from '../admin-ui';

function BranchForm({ branch, canEdit }: { branch: AdminBranch; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const [phone, setPhone] = useState(branch.phone);
  const [opensAt, setOpensAt] = useState(branch.opensAt);
  const [closesAt, setClosesAt] = useState(branch.closesAt);
  const [isActive, setIsActive] = useState(branch.isActive);
  const save = useAdminMutation<AdminBranch, Partial<AdminBranch>>('PATCH', `/branches/${branch.code}`);
  const errors = fieldErrors(save.error);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ phone, opensAt, closesAt, isActive });
      }}
    >
      <fieldset disabled={!canEdit} className="grid gap-3 sm:grid-cols-4">
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
        <div className="flex items-end">
          <Checkbox label={t('branches.open')} checked={isActive} onChange={setIsActive} />
        </div>
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
          </Card>
        ))}
      </div>
    </>
  );
}
