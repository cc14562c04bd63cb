import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ApiError, hasFieldError } from '../../lib/api-client';
import { clearSession } from '../../lib/token-storage';
import { saveFile } from '../../lib/private-files';
import { authApi } from './auth-api';

/** PDPA: take the data out, or erase the account. */
export function YourData() {
  const { t } = useTranslation('auth');
  const [downloading, setDownloading] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    setExportError(undefined);
    try {
      const data = await authApi.exportData();
      saveFile(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        'siam-drive-my-data.json',
      );
    } catch (err) {
      setExportError(err instanceof ApiError ? err.message : t('errorGeneric'));
    } finally {
      setDownloading(false);
    }
  };

  const erase = async () => {
    if (!understood) return setDeleteError(t('profile.data.mustConfirm'));
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await authApi.deleteAccount({ password: password || undefined, confirm: true });
      // The sessions are revoked on the server. A fresh load of the home page forgets
      // everything held in memory too (and the /profile guard cannot send us to /login).
      clearSession();
      window.location.replace('/');
    } catch (err) {
      setDeleting(false);
      if (hasFieldError(err, 'currentPassword')) setDeleteError(t('validation.currentPasswordWrong'));
      else if (err instanceof ApiError && err.httpStatus === 403) setDeleteError(t('profile.freshSignIn'));
      else setDeleteError(err instanceof ApiError ? err.message : t('errorGeneric'));
    }
  };

  return (
    <section aria-labelledby="your-data" className="mt-12 max-w-2xl border-t border-slate-200 pt-8">
      <h2 id="your-data" className="text-xl">
        {t('profile.data.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('profile.data.text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-outline" onClick={download} disabled={downloading}>
          <Download aria-hidden size={18} />
          {t('profile.data.download')}
        </button>
        {!confirming && (
          <button
            type="button"
            className="btn border border-red-700 text-red-700 hover:bg-red-50"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden size={18} />
            {t('profile.data.delete')}
          </button>
        )}
      </div>
      {exportError && (
        <p role="alert" className="field-error">
          {exportError}
        </p>
      )}
      {confirming && (
        <div
          role="group"
          aria-labelledby="delete-title"
          className="mt-6 space-y-4 rounded-xl border border-red-300 bg-red-50 p-5"
        >
          <h3 id="delete-title" className="text-lg text-red-900">
            {t('profile.data.confirmTitle')}
          </h3>
          <p className="text-red-900">{t('profile.data.confirmText')}</p>
          <div>
            <label htmlFor="delete-password" className="field-label">
              {t('fields.password')}
            </label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              className="field-input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="delete-password-hint"
            />
            <p id="delete-password-hint" className="mt-1 text-sm text-slate-700">
              {t('profile.data.passwordHint')}
            </p>
          </div>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 size-5"
              checked={understood}
              onChange={(e) => setUnderstood(e.target.checked)}
            />
            <span>{t('profile.data.understand')}</span>
          </label>
          {deleteError && (
            <p role="alert" className="field-error">
              {deleteError}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn bg-red-700 text-white hover:bg-red-800"
              onClick={erase}
              disabled={deleting}
            >
              {t('profile.data.confirmDelete')}
            </button>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setConfirming(false);
                setDeleteError(undefined);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
