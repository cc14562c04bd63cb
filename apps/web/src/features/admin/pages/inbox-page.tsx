import { useTranslation } from '../../../lib/use-translation';
import { Link } from '../../../lib/site-link';
import type { InboxSummary } from '@siam/contract/admin-inbox';
import type { Pagination } from '@siam/contract/envelope';
import { ErrorNote, Loading, PageTitle, SelectField, useFormats, Pager } from '../admin-ui';
import { useAdminList } from '../admin-api';
import { useListFilters } from '../list-filters';

type ListResponse = { data: InboxSummary[]; pagination: Pagination };

const kinds = ['all', 'messages', 'quotes'] as const;
const states = ['open', 'handled', 'all'] as const;

/** The inbox: contact messages and corporate quote requests, newest first, by kind and handled state. */
export function InboxPage() {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const [params, set] = useListFilters();
  const filters = {
    kind: params.get('kind') ?? 'all',
    state: params.get('state') ?? 'open',
    page: Number(params.get('page') ?? 1),
  };
  const list = useAdminList<ListResponse>('/inbox', { ...filters, limit: 20 });
  const pagination = list.data?.pagination;
  return (
    <>
      <PageTitle title={t('inbox.title')} />
      <div className="mb-4 grid max-w-xl gap-3 sm:grid-cols-2" role="search">
        <SelectField
          label={t('inbox.kindLabel')}
          value={filters.kind}
          onChange={(e) => set('kind', e.target.value)}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`inbox.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('inbox.stateLabel')}
          value={filters.state}
          onChange={(e) => set('state', e.target.value)}
        >
          {states.map((s) => (
            <option key={s} value={s}>
              {t(`inbox.states.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {list.data && (
        <>
          <p className="mb-2 text-sm text-slate-600" role="status">
            {t('inbox.found', { count: pagination?.total ?? 0 })}
          </p>
          {list.data.data.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">
              {t('inbox.none')}
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-left text-sm" data-testid="inbox-list">
                <caption className="sr-only">{t('inbox.title')}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="p-2">
                      {t('inbox.subject')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('inbox.kindLabel')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('inbox.from')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('inbox.received')}
                    </th>
                    <th scope="col" className="p-2">
                      {t('inbox.stateLabel')}
                    </th>
                    <th scope="col" className="p-2 text-right">
                      {t('inbox.notesCount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((item) => (
                    <tr key={`${item.kind}-${item.id}`} className="border-b border-slate-100">
                      <th scope="row" className="p-2">
                        <Link
                          to={`/admin/inbox/${item.kind}/${item.id}`}
                          className="font-semibold text-brand-700 underline"
                        >
                          {item.subject}
                        </Link>
                      </th>
                      <td className="p-2">{t(`inbox.kind.${item.kind}`)}</td>
                      <td className="p-2">
                        {item.name}
                        <br />
                        <span className="text-slate-600">{item.email}</span>
                      </td>
                      <td className="p-2">{dateTime(item.createdAt)}</td>
                      <td className="p-2">
                        <HandledBadge handled={item.handledAt !== null} />
                      </td>
                      <td className="p-2 text-right">{item.notes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            label={t('inbox.pages')}
            page={filters.page}
            totalPages={pagination?.total_pages}
            onPage={(n) => set('page', String(n))}
          />
        </>
      )}
    </>
  );
}

export function HandledBadge({ handled }: { handled: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        handled ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {handled ? t('inbox.handled') : t('inbox.notHandled')}
    </span>
  );
}
