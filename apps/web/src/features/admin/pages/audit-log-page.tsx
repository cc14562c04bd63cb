import { useTranslation } from '../../../lib/use-translation';
import { useAdminList } from '../admin-api';
import { useListFilters } from '../list-filters';
import type { AuditEntry, AuditLogResponse } from '@siam/contract/admin';
import { Card, ErrorNote, Field, Loading, PageTitle, SelectField, useFormats, Pager } from '../admin-ui';
import { actionKeys, entityKeys } from '../audit-keys';

const entities = [
  'car_model',
  'category',
  'unit',
  'branch',
  'hot_deal',
  'site_setting',
  'user',
  'article',
  'rental_condition',
  'review',
] as const;

function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  return (
    <details>
      <summary className="cursor-pointer text-brand-700 underline">{t('audit.details')}</summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold">{t('audit.before')}</p>
          <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs">
            {JSON.stringify(entry.before, null, 2)}
          </pre>
        </div>
        <div>
          <p className="text-sm font-semibold">{t('audit.after')}</p>
          <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs">
            {JSON.stringify(entry.after, null, 2)}
          </pre>
        </div>
      </div>
    </details>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { dateTime } = useFormats();
  const [params, set] = useListFilters();
  const filters = {
    entity: params.get('entity') ?? '',
    entityId: params.get('entityId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number(params.get('page') ?? 1),
  };
  const log = useAdminList<AuditLogResponse['response']>('/audit-log', { ...filters, limit: 25 });
  const pagination = log.data?.pagination;
  return (
    <>
      <PageTitle title={t('audit.title')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-4" role="search">
        <SelectField
          label={t('audit.entity')}
          value={filters.entity}
          onChange={(e) => set('entity', e.target.value)}
        >
          <option value="">{t('all')}</option>
          {entities.map((e) => (
            <option key={e} value={e}>
              {t(entityKeys(e))}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('audit.entityId')}
          value={filters.entityId}
          onChange={(e) => set('entityId', e.target.value)}
        />
        <Field
          label={t('audit.from')}
          type="date"
          value={filters.from}
          onChange={(e) => set('from', e.target.value)}
        />
        <Field
          label={t('audit.to')}
          type="date"
          value={filters.to}
          onChange={(e) => set('to', e.target.value)}
        />
      </div>
      <ErrorNote error={log.error} />
      {log.isPending && <Loading />}
      {log.data && (
        <Card>
          {log.data.data.length === 0 && <p className="text-slate-600">{t('audit.none')}</p>}
          <ol className="divide-y divide-slate-100">
            {log.data.data.map((entry) => (
              <li key={entry.id} className="py-3" data-testid="audit-entry">
                <p>
                  <span className="font-semibold">
                    {t(actionKeys(entry.action), { defaultValue: entry.action })}
                  </span>{' '}
                  · {t(entityKeys(entry.entity), { defaultValue: entry.entity })}{' '}
                  {/* A setting is named by its key (rental_open): say which setting in the staff's language. */}
                  {entry.entity === 'site_setting'
                    ? t(`audit.settings.${entry.entityId}`, { defaultValue: entry.entityId })
                    : `#${entry.entityId}`}
                </p>
                <p className="text-sm text-slate-600">
                  {dateTime(entry.createdAt)} · {entry.actorEmail}
                </p>
                <Change entry={entry} />
              </li>
            ))}
          </ol>
          <Pager
            label={t('audit.pages')}
            page={pagination?.page ?? 1}
            totalPages={pagination?.total_pages}
            onPage={(n) => set('page', String(n))}
          />
        </Card>
      )}
    </>
  );
}
