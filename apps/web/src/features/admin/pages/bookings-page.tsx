import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { AdminBookingSummary } from '@siam/contract/admin-bookings';
import type { AdminBranch } from '@siam/contract/admin';
import { bookingStatuses } from '@siam/contract/bookings';
import type { Pagination } from '@siam/contract/envelope';
import { useAdminQuery, useAdminList, useBranchName } from '../admin-api';
import { ErrorNote, Field, Loading, PageTitle, SelectField, useFormats, Pager } from '../admin-ui';
import { StatusBadge, satang } from '../bookings/booking-format';
import { useListFilters } from '../list-filters';

type ListResponse = { data: AdminBookingSummary[]; pagination: Pagination };

/** Bookings: search by number or customer, filter by status, branch and pickup dates, page through. */
export function BookingsPage() {
  const { t } = useTranslation('admin');
  const branchName = useBranchName();
  const { date, money, lng } = useFormats();
  const [params, set] = useListFilters();
  const filters = {
    number: params.get('number') ?? '',
    customer: params.get('customer') ?? '',
    status: params.get('status') ?? '',
    branch: params.get('branch') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number(params.get('page') ?? 1),
  };
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const list = useAdminList<ListResponse>('/bookings', { ...filters, limit: 20 });
  const pagination = list.data?.pagination;
  return (
    <>
      <PageTitle title={t('bookings.title')}>
        <Link to="/admin/bookings/new" className="btn-primary">
          {t('walkIn.title')}
        </Link>
      </PageTitle>
      <div className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6" role="search">
        <Field
          label={t('bookings.number')}
          value={filters.number}
          onChange={(e) => set('number', e.target.value)}
        />
        <Field
          label={t('bookings.customer')}
          value={filters.customer}
          onChange={(e) => set('customer', e.target.value)}
        />
        <SelectField
          label={t('bookings.statusLabel')}
          value={filters.status}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {bookingStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`bookings.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('today.branch')}
          value={filters.branch}
          onChange={(e) => set('branch', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('bookings.pickupFrom')}
          type="date"
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
        />
        <Field
          label={t('bookings.pickupTo')}
          type="date"
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
        />
      </div>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <>
          <p className="mb-2 text-sm text-slate-600" role="status">
            {t('bookings.found', { count: pagination?.total ?? 0 })}
          </p>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('bookings.title')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="p-2">
                    {t('bookings.number')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('bookings.statusLabel')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('bookings.customer')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('bookings.car')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('bookings.dates')}
                  </th>
                  <th scope="col" className="p-2 text-right">
                    {t('bookings.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((b) => (
                  <tr key={b.id} className="border-b border-slate-100">
                    <th scope="row" className="p-2">
                      <Link to={`/admin/bookings/${b.id}`} className="font-semibold text-brand-700 underline">
                        {b.bookingNumber}
                      </Link>
                    </th>
                    <td className="p-2">
                      <StatusBadge status={b.status} />
                      {b.slipPending && (
                        <span className="ml-1 text-xs font-semibold text-amber-900">
                          {t('bookings.slipToCheck')}
                        </span>
                      )}
                    </td>
                    <td className="p-2">
                      {b.customerName}
                      <br />
                      <span className="text-slate-600">{b.customerEmail}</span>
                    </td>
                    <td className="p-2">
                      {b.carName}
                      {b.plate && <span className="text-slate-600"> · {b.plate}</span>}
                      <br />
                      <span className="text-slate-600">{branchName(b.branchCode)}</span>
                    </td>
                    <td className="p-2">
                      {date(b.pickupDate)} – {date(b.returnDate)}
                    </td>
                    <td className="p-2 text-right">{satang(money, b.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label={t('bookings.pages')}
            page={filters.page}
            totalPages={pagination?.total_pages}
            onPage={(n) => set('page', String(n))}
          />
        </>
      )}
    </>
  );
}
