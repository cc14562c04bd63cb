import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { UnpaidHoldsResponse } from '@siam/contract/admin-unpaid-holds';
import { useAdminMutation, useAdminQuery, useBranchName } from '../admin-api';
import { Card, ErrorNote, Field, Loading, PageTitle, useFormats } from '../admin-ui';
import { useListFilters } from '../list-filters';

type View = UnpaidHoldsResponse['response']['data'];

/**
 * Cars held without payment (issue 13): the addresses holding most, with the
 * accounts registered from them today, and every unpaid booking with what
 * tells an honest customer from a hoarder. Staff tick holds (or a whole
 * address) and release them with one reason: free staff cancellations, audited.
 */
export function UnpaidHoldsPage() {
  const { t } = useTranslation('admin');
  const branchName = useBranchName();
  const { date, dateTime } = useFormats();
  const [params, set] = useListFilters();
  const address = params.get('address') ?? '';
  const view = useAdminQuery<View>('/unpaid-holds', address ? { address } : {});
  const release = useAdminMutation<{ released: number[]; skipped: number[] }>(
    'POST',
    '/unpaid-holds/release',
  );
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const holds = view.data?.holds ?? [];
  const toggle = (id: number, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <PageTitle title={t('unpaidHolds.title')} />
      <p className="mb-4 max-w-3xl text-slate-700">{t('unpaidHolds.intro')}</p>
      <ErrorNote error={view.error} />
      {view.isPending && <Loading />}
      {view.data && (
        <>
          <Card title={t('unpaidHolds.addresses')} className="mb-4">
            {view.data.addresses.length === 0 ? (
              <p>{t('unpaidHolds.none')}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('unpaidHolds.addresses')}</caption>
                  <thead>
                    <tr className="border-b border-slate-200 text-slate-600">
                      <th scope="col" className="p-2">
                        {t('unpaidHolds.address')}
                      </th>
                      <th scope="col" className="p-2 text-right">
                        {t('unpaidHolds.holds')}
                      </th>
                      <th scope="col" className="p-2 text-right">
                        {t('unpaidHolds.newAccounts')}
                      </th>
                      <th scope="col" className="p-2">
                        <span className="sr-only">{t('unpaidHolds.show')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.data.addresses.map((a) => (
                      <tr
                        key={a.address}
                        className={`border-b border-slate-100 ${a.unpaidHolds >= 3 || a.newAccounts >= 3 ? 'bg-amber-50' : ''}`}
                      >
                        <th scope="row" className="p-2 font-mono font-normal whitespace-nowrap">
                          {a.address}
                        </th>
                        <td className="p-2 text-right">{a.unpaidHolds}</td>
                        <td className="p-2 text-right">{a.newAccounts}</td>
                        <td className="p-2">
                          <button
                            type="button"
                            className="btn-outline min-h-10 px-3 py-1 text-sm"
                            onClick={() => set('address', a.address)}
                          >
                            {t('unpaidHolds.showAddress', { address: a.address })}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>

          <Card title={address ? t('unpaidHolds.fromAddress', { address }) : t('unpaidHolds.all')}>
            {release.data && (
              <p role="status" className="mb-3 text-green-800">
                {t('unpaidHolds.released', {
                  released: release.data.released.length,
                  skipped: release.data.skipped.length,
                })}
              </p>
            )}
            {address && (
              <button
                type="button"
                className="mb-3 text-brand-700 underline"
                onClick={() => set('address', '')}
              >
                {t('unpaidHolds.showAll')}
              </button>
            )}
            {holds.length === 0 ? (
              <p>{t('unpaidHolds.none')}</p>
            ) : (
              <>
                <label className="mb-2 flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={holds.every((h) => chosen.has(h.id))}
                    onChange={(e) =>
                      setChosen(e.target.checked ? new Set(holds.map((h) => h.id)) : new Set())
                    }
                  />
                  <span>{t('unpaidHolds.chooseAll', { count: holds.length })}</span>
                </label>
                <ul className="divide-y divide-slate-100">
                  {holds.map((h) => (
                    <li key={h.id} className="flex gap-3 py-2">
                      <input
                        type="checkbox"
                        className="mt-1 size-5 shrink-0 accent-brand-700"
                        aria-label={t('unpaidHolds.choose', { number: h.bookingNumber })}
                        checked={chosen.has(h.id)}
                        onChange={(e) => toggle(h.id, e.target.checked)}
                      />
                      <div className="min-w-0 text-sm">
                        <p className="font-semibold">
                          <Link to={`/admin/bookings/${h.id}`} className="text-brand-700 underline">
                            {h.bookingNumber}
                          </Link>{' '}
                          · {h.carName} · {branchName(h.branchCode)} · {date(h.pickupDate)} –{' '}
                          {date(h.returnDate)}
                        </p>
                        <p>
                          <span className="[overflow-wrap:anywhere]">{h.customerEmail ?? '—'}</span> ·{' '}
                          {h.accountCreatedAt
                            ? t('unpaidHolds.accountSince', { when: dateTime(h.accountCreatedAt) })
                            : ''}{' '}
                          · {h.emailVerified ? t('unpaidHolds.verified') : t('unpaidHolds.notVerified')} ·{' '}
                          {t('unpaidHolds.rentals', { count: h.completedRentals })}
                        </p>
                        <p className="text-slate-600">
                          {t(`unpaidHolds.method.${h.paymentMethod}`, { defaultValue: h.paymentMethod })}
                          {h.payBy && ` · ${t('unpaidHolds.payBy', { when: dateTime(h.payBy) })}`}
                          {h.slipPending && ` · ${t('bookings.slipToCheck')}`}
                          {h.address && ` · ${h.address}`}
                          {h.device && ` · ${t('unpaidHolds.device', { id: h.device })}`}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
                <form
                  className="mt-4 max-w-xl"
                  onSubmit={(e) => {
                    e.preventDefault();
                    release.mutate(
                      { bookingIds: [...chosen], reason },
                      { onSuccess: () => setChosen(new Set()) },
                    );
                  }}
                >
                  <Field
                    label={t('unpaidHolds.reason')}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    className="mb-3"
                  />
                  <button
                    type="submit"
                    className="btn-primary"
                    disabled={release.isPending || chosen.size === 0 || !reason.trim()}
                  >
                    {t('unpaidHolds.release', { count: chosen.size })}
                  </button>
                  <ErrorNote error={release.error} />
                </form>
              </>
            )}
          </Card>
        </>
      )}
    </>
  );
}
