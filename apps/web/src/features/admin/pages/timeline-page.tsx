import { bangkokInstant } from '@siam/contract/bangkok-time';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import { setOrDelete, useAddressParams } from '../../../lib/use-address-params';
import type { AdminBranch } from '@siam/contract/admin';
import type { Timeline } from '@siam/contract/admin-bookings';
import { useAdminQuery, useBranchName } from '../admin-api';
import { ErrorNote, Field, Loading, PageTitle, SelectField, bangkokToday, useFormats } from '../admin-ui';

type Hold = Timeline['units'][number]['holds'][number];

const cellTone = (h: Hold) =>
  h.kind === 'maintenance'
    ? 'bg-slate-300 text-slate-900'
    : h.status === 'active'
      ? 'bg-green-200 text-green-950'
      : h.status === 'awaiting_payment'
        ? 'bg-amber-200 text-amber-950'
        : h.status === 'completed'
          ? 'bg-slate-100 text-slate-800'
          : 'bg-sky-200 text-sky-950';

/**
 * A branch's units across 14 days: one row per unit, one column per day,
 * each cell naming the booking or maintenance block that holds the car.
 */
export function TimelinePage() {
  const { t } = useTranslation('admin');
  const branchName = useBranchName();
  const { lng } = useFormats();
  const [params, changeParams] = useAddressParams();
  const branches = useAdminQuery<AdminBranch[]>('/branches');
  const branch = params.get('branch') ?? branches.data?.[0]?.code ?? '';
  const from = params.get('from') ?? bangkokToday();
  const timeline = useAdminQuery<Timeline>('/timeline', { branch, from, days: 14 }, { enabled: !!branch });
  const set = (key: string, value: string) =>
    changeParams((next) => setOrDelete(next, key, value), { replace: true });
  const dayLabel = (d: string) =>
    new Intl.DateTimeFormat(lng === 'th' ? 'th-TH' : lng === 'zh' ? 'zh-CN' : 'en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
      timeZone: 'Asia/Bangkok',
    }).format(bangkokInstant(d, '12:00'));
  const data = timeline.data;
  return (
    <>
      <PageTitle title={t('timeline.title')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField label={t('today.branch')} value={branch} onChange={(e) => set('branch', e.target.value)}>
          {branches.data?.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name[lng]}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('timeline.from')}
          type="date"
          value={from}
          onChange={(e) => set('from', e.target.value)}
        />
      </div>
      <ul className="mb-3 flex flex-wrap gap-3 text-sm" aria-label={t('timeline.legend')}>
        <li className="rounded bg-amber-200 px-2">{t('bookings.status.awaiting_payment')}</li>
        <li className="rounded bg-sky-200 px-2">{t('bookings.status.confirmed')}</li>
        <li className="rounded bg-green-200 px-2">{t('bookings.status.active')}</li>
        <li className="rounded bg-slate-300 px-2">{t('timeline.maintenance')}</li>
      </ul>
      <ErrorNote error={timeline.error ?? branches.error} />
      {(branches.isPending || (branch && timeline.isPending)) && <Loading />}
      {data && (
        // `relative`: the scroller is the containing block of the cells' screen-reader-only words
        // (position: absolute), which otherwise sat at their column's place outside it and widened
        // the whole page to ~1,000 px on a phone.
        // Focusable and named: on a phone the 14 days scroll sideways, and a keyboard must reach them too.
        <div
          className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-label={t('timeline.caption', { branch: branchName(data.branch) })}
        >
          <table className="text-left text-xs">
            <caption className="sr-only">
              {t('timeline.caption', { branch: branchName(data.branch) })}
            </caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="sticky left-0 bg-white p-2 text-sm">
                  {t('timeline.unit')}
                </th>
                {data.days.map((d) => (
                  <th key={d} scope="col" className="min-w-16 p-1 font-semibold">
                    {dayLabel(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.units.map((u) => (
                <tr key={u.id} className="border-b border-slate-100">
                  <th scope="row" className="sticky left-0 bg-white p-2 text-sm font-semibold">
                    {u.plate}
                    <br />
                    <span className="font-normal text-slate-600">{u.carName}</span>
                  </th>
                  {data.days.map((d) => {
                    const h = u.holds.find((x) => x.firstDay <= d && x.lastDay >= d);
                    return (
                      <td key={d} className={`p-1 ${h ? cellTone(h) : ''}`}>
                        {h?.kind === 'booking' && h.bookingId ? (
                          <Link to={`/admin/bookings/${h.bookingId}`} className="underline">
                            {h.bookingNumber}
                          </Link>
                        ) : h ? (
                          <span title={h.reason ?? undefined}>{t('timeline.maintenance')}</span>
                        ) : (
                          <span className="sr-only">{t('timeline.free')}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
