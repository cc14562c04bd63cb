import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';

/**
 * The spec's alert for the cars entry while staff have switched rental off. The header mounts it
 * only while it is to be shown (and loads it then): it opens as it mounts and goes with it.
 */
export function RentalClosedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="rental-closed-title"
      aria-describedby="rental-closed-text"
      className="m-auto max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="rental-closed-title" className="text-xl">
        {t('rentalClosed.title')}
      </h2>
      <p id="rental-closed-text" className="mt-2 text-slate-700">
        {t('rentalClosed.message')}
      </p>
      <button type="button" className="btn-primary mt-4 w-full" onClick={onClose} autoFocus>
        {t('rentalClosed.close')}
      </button>
    </dialog>
  );
}
