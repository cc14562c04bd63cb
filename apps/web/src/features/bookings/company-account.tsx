import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { downloadMonthlyInvoice, fetchMyCompany } from './booking-api';
import { useFormat } from './format';

/**
 * The customer's company account on the profile (issue 18, part 3; decision 1807), for its members
 * only: that they book for the company ("Company account" when paying), and, for its managers, the
 * company's monthly tax invoices to download (PDF, or the e-Tax XML for their accountant).
 */
export function CompanyAccount() {
  const { t } = useTranslation('booking');
  const f = useFormat();
  // "November 2026" (Thai: the Buddhist year) for an invoice's YYYY-MM.
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(f.lang === 'th' ? 'th-TH-u-ca-buddhist' : f.lang === 'zh' ? 'zh-CN' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${month}-01T00:00:00Z`));
  const mine = useQuery({ queryKey: ['my-company'], queryFn: fetchMyCompany });
  const [failed, setFailed] = useState<string | null>(null);
  const company = mine.data;
  if (!company) return null;
  const download = (number: string, format: 'pdf' | 'xml') => {
    setFailed(null);
    downloadMonthlyInvoice(number, format).catch((e: Error) => setFailed(e.message));
  };
  return (
    <section aria-labelledby="company-account" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="company-account" className="text-xl font-semibold text-brand-800">
        {t('company.title')}
      </h2>
      <p className="mt-2" data-testid="company-account">
        {t('company.member', { company: company.name })}{' '}
        {t('company.role', { role: t(`company.roles.${company.role}`) })}
      </p>
      {!company.active && <p className="mt-2 text-amber-900">{t('company.suspended')}</p>}
      {company.role === 'manager' && (
        <>
          <h3 className="mt-4 font-semibold">{t('company.invoices')}</h3>
          {company.invoices.length === 0 ? (
            <p className="mt-1 text-slate-700">{t('company.noInvoices')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200" data-testid="company-invoices">
              {company.invoices.map((i) => (
                <li key={i.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-semibold">{monthName(i.month)}</span> ·{' '}
                    <span className="font-mono">{i.number}</span>
                    <br />
                    {t('company.bookings', { count: i.bookings })} · {f.baht(i.total)}
                  </span>
                  <span className="flex gap-2">
                    <button type="button" className="btn-outline" onClick={() => download(i.number, 'pdf')}>
                      PDF<span className="sr-only"> {i.number}</span>
                    </button>
                    <button type="button" className="btn-outline" onClick={() => download(i.number, 'xml')}>
                      e-Tax XML<span className="sr-only"> {i.number}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {failed && (
            <p role="alert" className="field-error">
              {failed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
