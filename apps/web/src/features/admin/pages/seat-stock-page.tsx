import { useState } from 'react';
import { seatCodes, type SeatCode } from '@siam/contract/child-seats';
import type { BranchSeatStock } from '@siam/contract/seat-stock';
import { maxSeatStock } from '@siam/contract/seat-stock';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminMutation, useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, SavedNote } from '../admin-ui';

/** One branch's child seats: how many of each kind it has (decision 3620). */
function BranchSeats({ branch }: { branch: BranchSeatStock }) {
  const { t } = useTranslation('admin');
  const [stock, setStock] = useState<Record<SeatCode, string>>(
    Object.fromEntries(seatCodes.map((c) => [c, String(branch.stock[c])])) as Record<SeatCode, string>,
  );
  const save = useAdminMutation<BranchSeatStock, { stock: Record<SeatCode, number> }>(
    'PUT',
    `/seat-stock/${branch.branchCode}`,
  );
  const errors = fieldErrors(save.error);
  return (
    <Card title={branch.branchName}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            stock: Object.fromEntries(seatCodes.map((c) => [c, Number(stock[c])])) as Record<
              SeatCode,
              number
            >,
          });
        }}
      >
        {seatCodes.map((c) => (
          <Field
            key={c}
            label={t(`seats.kinds.${c}`)}
            type="number"
            inputMode="numeric"
            min={0}
            max={maxSeatStock}
            value={stock[c]}
            onChange={(e) => setStock((s) => ({ ...s, [c]: e.target.value }))}
            error={errors[`stock.${c}`] && t('seats.invalid', { max: maxSeatStock })}
          />
        ))}
        <div className="flex items-end">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('seats.save')}
          </button>
        </div>
      </form>
      <SavedNote show={save.isSuccess} />
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </Card>
  );
}

/** Staff set each branch's child seats; bookings never take more at once than a branch has. */
export function SeatStockPage() {
  const { t } = useTranslation('admin');
  const branches = useAdminQuery<BranchSeatStock[]>('/seat-stock');
  return (
    <>
      <PageTitle title={t('seats.title')} />
      <p className="mb-4 text-slate-700">{t('seats.lead')}</p>
      <ErrorNote error={branches.error} />
      {branches.isPending && <Loading />}
      <div className="space-y-4">
        {branches.data?.map((b) => (
          <BranchSeats key={b.branchCode} branch={b} />
        ))}
      </div>
    </>
  );
}
