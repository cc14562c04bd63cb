import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@siam/contract/admin';
import { useAdminQuery } from '../admin-api';
import { Card, ErrorNote, Loading, PageTitle, useFormats } from '../admin-ui';

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

/**
 * Today: what stands on the fleet tables now. The booking figures (pickups
 * and returns per branch, payments awaiting a check, the month's bookings
 * and revenue) come with the bookings module; their sections are marked.
 */
export function TodayPage() {
  const { t } = useTranslation('admin');
  const { date, lng } = useFormats();
  const query = useAdminQuery<Dashboard>('/dashboard');
  const data = query.data;
  return (
    <>
      <PageTitle title={t('today.title')}>
        {data && <p className="text-slate-700">{date(data.date)}</p>}
      </PageTitle>
      <ErrorNote error={query.error} />
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

          {/* TODO(bookings): pickups and returns today per branch, from the bookings module. */}
          <Card title={t('today.pickupsReturns')}>
            <p className="text-slate-600" data-pending="bookings">
              {t('today.pendingBookings')}
            </p>
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
                    {/* TODO(bookings): pickups today, returns today columns. */}
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
                    · {m.carName} · {m.branchCode.toUpperCase()} · {date(m.startDate)} – {date(m.endDate)}
                    {m.reason && <span className="text-slate-600"> · {m.reason}</span>}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <div className="grid gap-3 lg:grid-cols-2">
            {/* TODO(bookings): bookings awaiting payment with their slips. */}
            <Card title={t('today.awaitingPayment')}>
              <p className="text-slate-600" data-pending="bookings">
                {t('today.pendingBookings')}
              </p>
            </Card>
            {/* TODO(bookings): this month's bookings and revenue. */}
            <Card title={t('today.thisMonth')}>
              <p className="text-slate-600" data-pending="bookings">
                {t('today.pendingBookings')}
              </p>
            </Card>
          </div>
          {/* TODO(content): new contact messages and quote requests. */}
        </div>
      )}
    </>
  );
}
