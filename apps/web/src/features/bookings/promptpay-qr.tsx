import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';

/** The saved picture's size: a phone's gallery shows it whole, a bank app's scanner reads the code easily. */
const PNG_WIDTH = 720;
const PNG_HEIGHT = 960;
const QR_SIZE = 560;

/**
 * The PromptPay QR a customer must pay from the phone that shows it (issue 35 part 6): a bank app
 * cannot scan its own screen, but every Thai bank app reads a QR from a picture in the gallery. So the
 * page offers the code as a PNG (the code, the amount and the booking number, drawn on a canvas in the
 * browser: nothing is sent anywhere) and says the three steps to pay with it.
 */
export function PromptPayQr({
  qrSvg,
  amount,
  bookingNumber,
  promptpayId,
  slip,
}: {
  qrSvg: string;
  amount: string;
  bookingNumber: string;
  promptpayId: string | null;
  /** Paid with a slip upload (no gateway): the last step says to upload it. */
  slip: boolean;
}) {
  const { t } = useTranslation('booking');
  const [failed, setFailed] = useState(false);
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`;
  const fileName = `siam-drive-promptpay-${bookingNumber}.png`;

  const save = async () => {
    setFailed(false);
    try {
      const png = await qrPicture(src, amount, t('success.promptpaySavedBooking', { number: bookingNumber }));
      const url = URL.createObjectURL(png);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setFailed(true);
    }
  };

  return (
    <figure className="mt-3">
      <figcaption className="font-semibold">{t('success.promptpayTitle', { amount })}</figcaption>
      <img
        className="mt-2 size-60 bg-white"
        width={240}
        height={240}
        alt={t('success.promptpayAlt', { amount })}
        src={src}
      />
      {promptpayId && <p className="text-sm">{t('success.promptpayId', { id: promptpayId })}</p>}
      <button type="button" className="btn-primary mt-3 w-full sm:w-auto" onClick={() => void save()}>
        <Download aria-hidden size={18} /> {t('success.promptpaySave')}
      </button>
      {failed && (
        <p role="alert" className="mt-2 text-red-800">
          {t('success.promptpaySaveFailed')}
        </p>
      )}
      <h3 className="mt-4 font-semibold">{t('success.promptpayStepsTitle')}</h3>
      <ol className="mt-1 list-decimal space-y-1 ps-6" data-testid="promptpay-steps">
        <li>{t('success.promptpayStep1')}</li>
        <li>{t('success.promptpayStep2')}</li>
        <li>{t(slip ? 'success.promptpayStep3Slip' : 'success.promptpayStep3', { amount })}</li>
      </ol>
    </figure>
  );
}

/** The code on a white card with the amount and the booking number under it, as a PNG. */
async function qrPicture(src: string, amount: string, booking: string): Promise<Blob> {
  const qr = new Image();
  qr.src = src;
  await qr.decode();
  const canvas = document.createElement('canvas');
  canvas.width = PNG_WIDTH;
  canvas.height = PNG_HEIGHT;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, PNG_WIDTH, PNG_HEIGHT);
  g.fillStyle = '#0f172a';
  g.textAlign = 'center';
  // The page's own faces (Sarabun carries Thai), already loaded for the text around the button.
  const face = getComputedStyle(document.body).fontFamily || 'sans-serif';
  g.font = `600 40px ${face}`;
  g.fillText('Siam Drive · PromptPay', PNG_WIDTH / 2, 80);
  g.imageSmoothingEnabled = false;
  g.drawImage(qr, (PNG_WIDTH - QR_SIZE) / 2, 120, QR_SIZE, QR_SIZE);
  g.font = `600 56px ${face}`;
  g.fillText(amount, PNG_WIDTH / 2, 760);
  g.font = `400 36px ${face}`;
  g.fillText(booking, PNG_WIDTH / 2, 830);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}
