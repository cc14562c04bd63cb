import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { apiRequest } from '../../../lib/api-client';
import { Card, ErrorNote, Field, Loading, PageTitle } from '../admin-ui';

type Envelope<T> = { status: true; response: { data: T } };
interface Status {
  enabled: boolean;
  recoveryCodesLeft: number;
}
interface SetUp {
  otpauthUri: string;
  secret: string;
  qrSvg: string;
}

/**
 * Two-step sign-in for the signed-in staff member (issue 13): scan the QR code
 * with an authenticator app, confirm with its first code, keep the ten
 * recovery codes; turn it off with a code.
 */
export function SecurityPage() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const status = useQuery({
    queryKey: ['second-factor'],
    queryFn: () => apiRequest<Envelope<Status>>('/auth/second-factor').then((r) => r.response.data),
    staleTime: 0,
  });
  const [setUp, setSetUp] = useState<SetUp>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await client.invalidateQueries({ queryKey: ['second-factor'] });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      setRecoveryCodes(undefined);
      setSetUp(
        (await apiRequest<Envelope<SetUp>>('/auth/second-factor/setup', { method: 'POST' })).response.data,
      );
    });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await apiRequest<Envelope<{ recoveryCodes: string[] }>>('/auth/second-factor/enable', {
        method: 'POST',
        body: { code: code.trim() },
      });
      setRecoveryCodes(res.response.data.recoveryCodes);
      setSetUp(undefined);
      setCode('');
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await apiRequest('/auth/second-factor/disable', { method: 'POST', body: { code: code.trim() } });
      setCode('');
      setRecoveryCodes(undefined);
    });
  };

  return (
    <>
      <PageTitle title={t('security.title')} />
      <Card title={t('security.twoStep')}>
        <p className="mb-3 text-slate-700">{t('security.intro')}</p>
        {status.isPending ? (
          <Loading />
        ) : status.data?.enabled ? (
          <>
            <p role="status" className="mb-3 font-semibold text-green-800">
              {t('security.on', { count: status.data.recoveryCodesLeft })}
            </p>
            {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
            <form onSubmit={turnOff} noValidate className="max-w-sm">
              <Field
                label={t('security.codeToTurnOff')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                className="mb-3"
              />
              <button type="submit" className="btn-outline" disabled={busy || code.trim().length < 6}>
                {t('security.turnOff')}
              </button>
            </form>
          </>
        ) : setUp ? (
          <form onSubmit={confirm} noValidate className="max-w-sm">
            <p className="mb-2">{t('security.scan')}</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setUp.qrSvg)}`}
              alt={t('security.qrAlt')}
              width={200}
              height={200}
              className="mb-2 rounded border border-slate-200 bg-white"
            />
            <p className="mb-3 text-sm text-slate-700">
              {t('security.orType')} <code className="break-all">{setUp.secret}</code>
            </p>
            <Field
              label={t('security.firstCode')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              className="mb-3"
            />
            <button type="submit" className="btn-primary" disabled={busy || code.trim().length < 6}>
              {t('security.confirm')}
            </button>
          </form>
        ) : (
          <>
            <p className="mb-3">{t('security.off')}</p>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void start()}>
              {t('security.start')}
            </button>
          </>
        )}
        <ErrorNote error={error ?? status.error} />
      </Card>
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p className="mb-2 font-semibold">{t('security.recoveryTitle')}</p>
      <p className="mb-2 text-sm">{t('security.recoveryText')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label={t('security.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
