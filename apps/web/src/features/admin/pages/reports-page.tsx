import { lazy, Suspense, useMemo, useState } from 'react';
import type { OwnerReport, ReportTable, RevenueRow } from '@siam/contract/admin-reports';
import { ApiError } from '../../../lib/api-client';
import { downloadPrivateFile } from '../../../lib/private-files';
import { useTranslation } from '../../../lib/use-translation';
import { fieldErrors, useAdminQuery, useBranchName } from '../admin-api';
import { bangkokToday, Card, dayMonth, ErrorNote, Field, Loading, PageTitle, useFormats } from '../admin-ui';
import { satang } from '../bookings/booking-format';
import { Link } from '../../../lib/site-link';

// Chart.js comes with this page only, and only once there is something to draw.
const ReportChart = lazy(() => import('./report-chart'));

function CsvButton({ table, from, to }: { table: ReportTable; from: string; to: string }) {
  const { t, i18n } = useTranslation('admin');
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-outline"
        onClick={() =>
          downloadPrivateFile(
            `/admin/reports/csv/${table}?${new URLSearchParams({ from, to, lng: i18n.resolvedLanguage ?? 'en' })}`,
            `siam-drive-${table}-${from}-${to}.csv`,
          ).then(
            () => setFailed(false),
            () => setFailed(true),
          )
        }
      >
        {t('reports.csv', { table: t(`reports.tables.${table}`) })}
      </button>
      {failed && (
        <p role="alert" className="field-error">
          {t('errorGeneric')}
        </p>
      )}
    </>
  );
}

function RevenueTable({ rows, caption, total }: { rows: RevenueRow[]; caption: string; total?: RevenueRow }) {
  const { t } = useTranslation('admin');
  const { money } = useFormats();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col">{t('reports.name')}</th>
            <th scope="col" className="text-right">
              {t('reports.bookings')}
            </th>
            <th scope="col" className="text-right">
              {t('reports.revenue')}
            </th>
            <th scope="col" className="text-right">
              {t('reports.charges')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-100">
              <th scope="row" className="font-normal">
                {r.label}
              </th>
              <td className="text-right">{r.bookings}</td>
              <td className="text-right">{satang(money, r.revenue)}</td>
              <td className="text-right">{satang(money, r.charges)}</td>
            </tr>
          ))}
          {total && (
            <tr className="font-semibold">
              <th scope="row">{t('reports.total')}</th>
              <td className="text-right">{total.bookings}</td>
              <td className="text-right">{satang(money, total.revenue)}</td>
              <td className="text-right">{satang(money, total.charges)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Every tax invoice and note issued in the range, with net, VAT and total, and its CSV. */
function TaxInvoicesCard({ report: r }: { report: OwnerReport }) {
  const { t } = useTranslation('admin');
  const { date, money } = useFormats();
  return (
    <Card title={t('reports.taxInvoices')} className="lg:col-span-2">
      <p className="mb-2 text-sm text-slate-700">{t('reports.taxInvoicesHelp')}</p>
      {r.taxInvoices.length === 0 ? (
        <p className="text-slate-700">{t('reports.noTaxInvoices')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="tax-invoices">
            <thead>
              <tr className="border-b">
                <th scope="col">{t('reports.invoice')}</th>
                <th scope="col">{t('reports.buyer')}</th>
                <th scope="col" className="text-right">
                  {t('reports.net')}
                </th>
                <th scope="col" className="text-right">
                  {t('reports.vat')}
                </th>
                <th scope="col" className="text-right">
                  {t('reports.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.taxInvoices.map((i) => (
                <tr key={i.number} className="border-b border-slate-100">
                  <th scope="row" className="font-normal">
                    <Link
                      to={
                        i.bookingId === null
                          ? `/admin/companies/${i.companyId}`
                          : `/admin/bookings/${i.bookingId}`
                      }
                      className="font-mono underline"
                    >
                      {i.number}
                    </Link>
                    {i.kind !== 'invoice' && (
                      <>
                        <br />
                        {t(i.kind === 'credit' ? 'reports.creditNote' : 'reports.debitNote')}
                      </>
                    )}
                    <br />
                    {date(i.issuedOn)}
                  </th>
                  <td>
                    {i.buyerName}
                    <br />
                    {i.buyerTaxId} · {i.buyerBranch}
                  </td>
                  <td className="text-right">{satang(money, i.net)}</td>
                  <td className="text-right">{satang(money, i.vat)}</td>
                  <td className="text-right">{satang(money, i.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3">
        <CsvButton table="tax-invoices" from={r.from} to={r.to} />
      </div>
    </Card>
  );
}

/**
 * Reports for the owner (issue 18, part 6; decision 1805): fleet use per day and branch, revenue by
 * branch, model and channel, cancellations and no-shows, slips waiting; each table also as CSV.
 */
export function ReportsPage() {
  const { t } = useTranslation('admin');
  const { date, dateTime, money, lng } = useFormats();
  const branchName = useBranchName();
  const today = bangkokToday();
  // The last 30 days (date arithmetic on the calendar date itself: no time zone to cross).
  const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const [range, setRange] = useState({ from: monthAgo, to: today });
  const [draft, setDraft] = useState(range);
  const report = useAdminQuery<OwnerReport>('/reports', range);
  const errors = fieldErrors(report.error);
  const r = report.data;
  const fleetChart = useMemo(
    () =>
      r && {
        labels: r.fleetUse.days.map((d) => dayMonth(lng, d.date)),
        series: r.fleetUse.branches.map((b, i) => ({
          name: b.name,
          values: r.fleetUse.days.map((d) => d.booked[i]!),
        })),
      },
    [r, lng],
  );
  const revenueChart = useMemo(
    () =>
      r && {
        labels: r.revenue.byBranch.map((b) => b.label),
        series: [{ name: t('reports.revenue'), values: r.revenue.byBranch.map((b) => b.revenue / 100) }],
      },
    [r, t],
  );
  return (
    <>
      <PageTitle title={t('reports.title')} />
      <form
        noValidate
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(draft);
        }}
      >
        <Field
          label={t('reports.from')}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          error={errors.from}
        />
        <Field
          label={t('reports.to')}
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          error={errors.to}
        />
        <button type="submit" className="btn-primary">
          {t('reports.show')}
        </button>
      </form>
      <ErrorNote
        error={report.error instanceof ApiError && report.error.httpStatus === 400 ? null : report.error}
      />
      {report.isPending && <Loading />}
      {r && fleetChart && revenueChart && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Card title={t('reports.fleetUse')} className="lg:col-span-2">
            <p className="mb-2 text-sm text-slate-700">
              {t('reports.fleetUseHelp', { from: date(r.from), to: date(r.to) })}
            </p>
            <Suspense fallback={<Loading />}>
              <ReportChart
                labels={fleetChart.labels}
                series={fleetChart.series}
                label={t('reports.fleetChart')}
                stacked
              />
            </Suspense>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="fleet-use">
                <caption className="text-left font-semibold">{t('reports.utilisation')}</caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col">{t('reports.branch')}</th>
                    <th scope="col" className="text-right">
                      {t('reports.units')}
                    </th>
                    <th scope="col" className="text-right">
                      {t('reports.used')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {r.fleetUse.branches.map((b, i) => (
                    <tr key={b.code} className="border-b border-slate-100">
                      <th scope="row" className="font-normal">
                        {b.name}
                      </th>
                      <td className="text-right">{b.units}</td>
                      <td className="text-right">{r.fleetUse.utilisation[i]} %</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-3">
              <CsvButton table="fleet-use" from={r.from} to={r.to} />
            </div>
          </Card>

          <Card title={t('reports.revenueTitle')} className="lg:col-span-2">
            <p className="mb-2 text-sm text-slate-700">{t('reports.revenueHelp')}</p>
            <Suspense fallback={<Loading />}>
              <ReportChart
                labels={revenueChart.labels}
                series={revenueChart.series}
                label={t('reports.revenueChart')}
              />
            </Suspense>
            <div className="mt-3 space-y-4" data-testid="revenue">
              <RevenueTable
                rows={r.revenue.byBranch}
                caption={t('reports.byBranch')}
                total={r.revenue.total}
              />
              <RevenueTable rows={r.revenue.byModel} caption={t('reports.byModel')} />
              <RevenueTable
                rows={r.revenue.byChannel.map((c) => ({ ...c, label: t(`reports.channel.${c.key}`) }))}
                caption={t('reports.byChannel')}
              />
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              <CsvButton table="revenue-by-branch" from={r.from} to={r.to} />
              <CsvButton table="revenue-by-model" from={r.from} to={r.to} />
              <CsvButton table="revenue-by-channel" from={r.from} to={r.to} />
            </div>
          </Card>

          <Card title={t('reports.cancellations')}>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="cancellations">
              {(
                [
                  ['bookings', r.cancellations.bookings],
                  ['byCustomer', r.cancellations.byCustomer],
                  ['byStaff', r.cancellations.byStaff],
                  ['unpaidExpired', r.cancellations.unpaidExpired],
                  ['paymentFailed', r.cancellations.paymentFailed],
                  ['noShows', r.cancellations.noShows],
                ] as const
              ).map(([key, n]) => (
                <div key={key} className="contents">
                  <dt>{t(`reports.cancel.${key}`)}</dt>
                  <dd className="text-right">{n}</dd>
                </div>
              ))}
              <dt>{t('reports.cancel.fees')}</dt>
              <dd className="text-right">{satang(money, r.cancellations.fees)}</dd>
            </dl>
            <div className="mt-3">
              <CsvButton table="cancellations" from={r.from} to={r.to} />
            </div>
          </Card>

          <TaxInvoicesCard report={r} />

          <Card title={t('reports.slipsWaiting')}>
            {r.slipsWaiting.length === 0 ? (
              <p className="text-slate-700">{t('reports.noSlips')}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="slips-waiting">
                {r.slipsWaiting.map((s) => (
                  <li key={s.bookingId} className="py-1">
                    <Link to={`/admin/bookings/${s.bookingId}`} className="font-mono underline">
                      {s.bookingNumber}
                    </Link>{' '}
                    · {branchName(s.branchCode)} · {satang(money, s.amount)} · {dateTime(s.sentAt)} ·{' '}
                    {t('reports.waiting', { count: s.waitingMinutes })}
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3">
              <CsvButton table="slips-waiting" from={r.from} to={r.to} />
            </div>
          </Card>
        </div>
      )}
    </>
  );
}
