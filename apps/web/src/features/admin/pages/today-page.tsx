import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { Dashboard } from '@siam/contract/admin';
import type { AdminBookingSummary, BookingsToday } from '@siam/contract/admin-bookings';
import type { InboxCounts } from '@siam/contract/admin-inbox';
import { useAdminQuery, useBranchName } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, useFormats } from '../admin-ui';
import { StatusBadge, satang } from '../bookings/booking-format';

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-3xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function BookingList({
  items,
  empty,
  testId,
}: {
  items: AdminBookingSummary[];
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const branchName = useBranchName();
  const { date } = useFormats();
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid={testId}>
      {items.map((b) => (
        <li key={b.id} className="py-2">
          <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-brand-700 underline">
            {b.bookingNumber}
          </Link>{' '}
          <StatusBadge status={b.status} /> · {b.customerName} · {b.carName}
          {b.plate && <> · {b.plate}</>} · {branchName(b.branchCode)} · {date(b.pickupDate)} –{' '}
          {date(b.returnDate)}
          {b.slipPending && (
            <span className="ml-1 text-sm font-semibold text-amber-900">{t('bookings.slipToCheck')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Today: what stands on the fleet tables now, and the day's bookings (pickups
 * and returns per branch in Bangkok time, payments awaiting a check, the
 * month's bookings and VAT-inclusive revenue).
 */
export function TodayPage() {
  const { t } = useTranslation('admin');
  const branchName = useBranchName();
  const { date, lng, money } = useFormats();
  const query = useAdminQuery<Dashboard>('/dashboard');
  const bookings = useAdminQuery<BookingsToday>('/bookings-today');
  const inbox = useAdminQuery<InboxCounts>('/inbox/counts');
  const data = query.data;
  const day = bookings.data;
  const perBranch = new Map(day?.branches.map((b) => [b.code, b]));
  return (
    <>
      <PageTitle title={t('today.title')}>
        {data && <p className="text-slate-700">{date(data.date)}</p>}
      </PageTitle>
      <ErrorNote error={query.error ?? bookings.error} />
      {query.isPending && <Loading />}
      {data && (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label={t('today.activeModels')} value={data.fleet.activeCarModels} />
            <Figure label={t('today.unitsInService')} value={data.fleet.unitsInService} />
            <Figure
              label={t('today.inMaintenance')}
              value={data.fleet.unitsInMaintenanceToday}
              testId="today-in-maintenance"
            />
            <Figure label={t('today.branches')} value={data.branches.length} />
          </div>

          <Card title={t('today.pickupsReturns')}>
            {day ? (
              <div className="grid gap-4 md:grid-cols-2">
                <div>
                  <h3 className="mb-1 font-semibold">{t('today.pickups')}</h3>
                  <BookingList items={day.pickups} empty={t('today.noPickups')} testId="today-pickups" />
                </div>
                <div>
                  <h3 className="mb-1 font-semibold">{t('today.returns')}</h3>
                  <BookingList items={day.returns} empty={t('today.noReturns')} testId="today-returns" />
                </div>
              </div>
            ) : (
              <Loading />
            )}
          </Card>

          <Card title={t('today.perBranch')}>
            <div className="overflow-x-auto">
              <table className="w-full text-left">
                <thead>
                  <tr className="border-b border-slate-200 text-sm text-slate-600">
                    <th scope="col" className="py-2 pr-3">
                      {t('today.branch')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('today.unitsInService')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('today.inMaintenance')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('today.pickups')}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {t('today.returns')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.branches.map((b) => (
                    <tr key={b.code} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-3 font-semibold">
                        {b.name[lng]}
                      </th>
                      <td className="py-2 pr-3">{b.unitsInService}</td>
                      <td className="py-2 pr-3">{b.inMaintenanceToday}</td>
                      <td className="py-2 pr-3">{perBranch.get(b.code)?.pickups ?? '–'}</td>
                      <td className="py-2 pr-3">{perBranch.get(b.code)?.returns ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>

          <Card title={t('today.maintenanceToday')}>
            {data.maintenanceToday.length === 0 ? (
              <p className="text-slate-600">{t('today.noMaintenance')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {data.maintenanceToday.map((m) => (
                  <li key={m.holdId} className="py-2">
                    <Link
                      to={`/admin/units?q=${encodeURIComponent(m.plate)}`}
                      className="font-semibold underline"
                    >
                      {m.plate}
                    </Link>{' '}
                    · {m.carName} · {branchName(m.branchCode)} · {date(m.startDate)} – {date(m.endDate)}
                    {m.reason && <span className="text-slate-600"> · {m.reason}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <div className="grid gap-3 lg:grid-cols-2">
            <Card title={t('today.awaitingPayment')}>
              {day ? (
                <BookingList
                  items={day.awaitingPayment}
                  empty={t('today.noneAwaiting')}
                  testId="today-awaiting"
                />
              ) : (
                <Loading />
              )}
            </Card>
            <Card title={t('today.thisMonth')}>
              {day ? (
                <div className="grid grid-cols-2 gap-3">
                  <Figure
                    label={t('today.monthBookings')}
                    value={day.month.bookings}
                    testId="month-bookings"
                  />
                  <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <p className="text-sm text-slate-600">{t('today.monthRevenue')}</p>
                    <p className="text-2xl font-semibold text-slate-900" data-testid="month-revenue">
                      {satang(money, day.month.revenue)}
                    </p>
                  </div>
                </div>
              ) : (
                <Loading />
              )}
            </Card>
          </div>
          <Card title={t('inbox.today.title')}>
            {inbox.data ? (
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="today-inbox">
                {(['messages', 'quotes'] as const).map((kind) => (
                  <li key={kind} className="rounded-xl border border-slate-200 p-4">
                    <Link
                      to={`/admin/inbox?kind=${kind}&state=open`}
                      className="font-semibold text-brand-700 underline"
                    >
                      {t(`inbox.today.${kind}`, { count: inbox.data[kind] })}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : inbox.error ? (
              <ErrorNote error={inbox.error} />
            ) : (
              <Loading />
            )}
          </Card>
        </div>
      )}
    </>
  );
}
