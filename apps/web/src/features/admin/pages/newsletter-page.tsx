import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { SubscribersResponse } from '@siam/contract/admin-inbox';
import { downloadPrivateFile } from '../../../lib/private-files';
import { ErrorNote, Loading, PageTitle, SelectField, useFormats, Pager } from '../admin-ui';
import { useAdminList } from '../admin-api';
import { useListFilters } from '../list-filters';

// Kept here rather than imported: the contract's values would bring zod into this chunk.
const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;

/**
 * Fetches the CSV with the staff member's token (a plain link would carry
 * none) and hands it to the browser as a download.
 */
const downloadConfirmed = () => downloadPrivateFile('/admin/newsletter/subscribers.csv');

/** Newsletter subscribers by status, with counts, and the confirmed ones as CSV for the mailing tool. */
export function NewsletterPage() {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const [params, set] = useListFilters();
  const filters = { status: params.get('status') ?? 'all', page: Number(params.get('page') ?? 1) };
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState(false);
  const list = useAdminList<SubscribersResponse['response']>('/newsletter/subscribers', {
    ...filters,
    limit: 50,
  });
  const exportCsv = () => {
    setExporting(true);
    setExportError(false);
    downloadConfirmed()
      .catch(() => setExportError(true))
      .finally(() => setExporting(false));
  };
  const data = list.data;
  const pagination = data?.pagination;
  return (
    <>
      <PageTitle title={t('newsletter.title')}>
        <button type="button" className="btn-primary" onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden size={18} className="mr-1 inline" />
          {exporting ? t('newsletter.exporting') : t('newsletter.export')}
        </button>
      </PageTitle>
      <p className="mb-4 text-slate-700">{t('newsletter.intro')}</p>
      {exportError && (
        <p role="alert" className="my-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {t('newsletter.exportFailed')}
        </p>
      )}
      {data && (
        <dl className="mb-4 grid max-w-2xl grid-cols-3 gap-3" data-testid="newsletter-counts">
          {subscriberStatuses.map((s) => (
            <div key={s} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">{t(`newsletter.statuses.${s}`)}</dt>
              <dd className="text-3xl font-semibold text-slate-900">{data.counts[s]}</dd>
            </div>
          ))}
        </dl>
      )}
      <SelectField
        label={t('newsletter.statusLabel')}
        value={filters.status}
        className="mb-4 max-w-xs"
        onChange={(e) => set('status', e.target.value)}
      >
        <option value="all">{t('all')}</option>
        {subscriberStatuses.map((s) => (
          <option key={s} value={s}>
            {t(`newsletter.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <ErrorNote error={list.error} />
      {list.isPending && <Loading />}
      {data &&
        (data.data.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-600">
            {t('newsletter.none')}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('newsletter.title')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="p-2">
                    {t('newsletter.email')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('newsletter.language')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('newsletter.statusLabel')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('newsletter.signedUp')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('newsletter.confirmed')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((s) => (
                  <tr key={s.id} className="border-b border-slate-100">
                    <th scope="row" className="p-2 font-normal break-all">
                      {s.email}
                    </th>
                    <td className="p-2">{t(`frame.languages.${s.language}`)}</td>
                    <td className="p-2">{t(`newsletter.statuses.${s.status}`)}</td>
                    <td className="p-2">{dateTime(s.createdAt)}</td>
                    <td className="p-2">{s.confirmedAt ? dateTime(s.confirmedAt) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      <Pager
        label={t('newsletter.pages')}
        page={filters.page}
        totalPages={pagination?.total_pages}
        onPage={(n) => set('page', String(n))}
      />
    </>
  );
}
