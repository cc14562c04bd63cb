import { useId, useState, type FormEvent } from 'react';
import type { AdminBookingDetail } from '@siam/contract/admin-bookings';
import type { Booking } from '@siam/contract/bookings';
import { damageTypes, type DamageMark, type ReportKind } from '@siam/contract/condition-reports';
import { apiRequest } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { CarOutline, carAreas, type CarArea } from '../../bookings/car-outline';
import { SignaturePad } from '../../bookings/signature-pad';
import { fieldErrors, useAdminMutation } from '../admin-api';
import { Card, ErrorNote, Field, SelectField, TextAreaField } from '../admin-ui';
import { isMadeUpEmail } from '@siam/contract/made-up-email';

type Photo = { id: number; preview: string };
type FreeUnit = AdminBookingDetail['freeUnits'][number];
type ChargeDraft = { fuel: string; cleaning: string; damage: string; damageNote: string };

/**
 * Photos taken with the phone's camera (the browser's file picker opens it: `capture`), each sent as
 * soon as it is taken, so a slow connection sends them one by one while staff go round the car.
 */
function PhotoTaker({
  bookingId,
  kind,
  photos,
  onPhoto,
}: {
  bookingId: number;
  kind: ReportKind;
  photos: Photo[];
  onPhoto: (photo: Photo) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [sending, setSending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const send = async (files: FileList | null) => {
    setError(null);
    for (const file of Array.from(files ?? [])) {
      setSending((n) => n + 1);
      const form = new FormData();
      form.append('file', file);
      try {
        const res = await apiRequest<{ response: { data: { id: number } } }>(
          `/admin/bookings/${bookingId}/condition-reports/${kind}/photos`,
          { method: 'POST', body: form },
        );
        onPhoto({ id: res.response.data.id, preview: URL.createObjectURL(file) });
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setSending((n) => n - 1);
      }
    }
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('handOver.photos')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="block w-full text-sm"
        aria-describedby={`${id}-hint`}
        onChange={(e) => void send(e.target.files).then(() => (e.target.value = ''))}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t('handOver.photosHint')}
      </p>
      <p role="status" className="text-sm font-semibold" data-testid="photos-sent">
        {sending > 0 ? t('handOver.sending') : t('handOver.photosSent', { count: photos.length })}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <img
            key={p.id}
            src={p.preview}
            alt={t('handOver.photoAlt', { n: i + 1 })}
            width={80}
            height={50}
            className="h-12 w-20 rounded border object-cover"
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Damage marks: a tap on the outline, or an area picked from the list (keyboard), each with its kind and a note. */
function DamageMarks({
  marks,
  earlier,
  onChange,
}: {
  marks: DamageMark[];
  earlier: DamageMark[];
  onChange: (marks: DamageMark[]) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tb } = useTranslation('booking');
  const [area, setArea] = useState<CarArea>('frontLeft');
  const add = (x: number, y: number) => onChange([...marks, { x, y, type: 'scratch', note: '' }]);
  const set = (i: number, change: Partial<DamageMark>) =>
    onChange(marks.map((m, j) => (j === i ? { ...m, ...change } : m)));
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{t('handOver.damage')}</legend>
      <p className="text-sm text-slate-600">
        {t(earlier.length ? 'handOver.damageHintReturn' : 'handOver.damageHint')}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <CarOutline
          marks={marks}
          earlier={earlier}
          label={tb('handOver.outline', { count: earlier.length + marks.length })}
          onPoint={add}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t('handOver.area')}
              value={area}
              onChange={(e) => setArea(e.target.value as CarArea)}
            >
              {(Object.keys(carAreas) as CarArea[]).map((a) => (
                <option key={a} value={a}>
                  {t(`handOver.areas.${a}`)}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="btn-outline"
              onClick={() => add(carAreas[area][0], carAreas[area][1])}
            >
              {t('handOver.addMark')}
            </button>
          </div>
          <ol className="space-y-2" start={earlier.length + 1}>
            {marks.map((m, i) => (
              <li key={i} className="rounded border border-slate-200 p-2" data-testid="damage-mark">
                <p className="font-semibold">{t('handOver.mark', { n: earlier.length + i + 1 })}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  <SelectField
                    label={t('handOver.markType')}
                    value={m.type}
                    onChange={(e) => set(i, { type: e.target.value as DamageMark['type'] })}
                  >
                    {damageTypes.map((d) => (
                      <option key={d} value={d}>
                        {tb(`handOver.damageType.${d}`)}
                      </option>
                    ))}
                  </SelectField>
                  <Field
                    label={t('handOver.markNote')}
                    value={m.note}
                    onChange={(e) => set(i, { note: e.target.value })}
                  />
                </div>
                <button
                  type="button"
                  className="btn-outline mt-1"
                  onClick={() => onChange(marks.filter((_, j) => j !== i))}
                >
                  {t('handOver.removeMark', { n: earlier.length + i + 1 })}
                </button>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </fieldset>
  );
}

/** The pickup's or the return's condition report, written on a phone beside the car. */
function ReportForm({
  booking,
  kind,
  freeUnits,
  onDone,
}: {
  booking: Booking;
  kind: ReportKind;
  freeUnits: FreeUnit[];
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation('admin');
  const pickup = booking.conditionReports.find((r) => r.kind === 'pickup');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [fuel, setFuel] = useState(String(pickup?.fuelEighths ?? 8));
  const [mileage, setMileage] = useState('');
  const [marks, setMarks] = useState<DamageMark[]>([]);
  const [notes, setNotes] = useState('');
  const [depositMethod, setDepositMethod] = useState<'' | 'cash' | 'card' | 'promptpay'>('');
  const [unitId, setUnitId] = useState('');
  const [charges, setCharges] = useState<ChargeDraft>({ fuel: '', cleaning: '', damage: '', damageNote: '' });
  const save = useAdminMutation<Booking, Record<string, unknown>>(
    'POST',
    `/bookings/${booking.id}/condition-reports/${kind}`,
  );
  const errors = fieldErrors(save.error);
  const depositDue = kind === 'pickup' && booking.deposit.state === 'due' && booking.deposit.amount > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const common = {
      fuelEighths: Number(fuel),
      mileageKm: mileage.trim() === '' ? -1 : Number(mileage),
      damage: marks,
      notes,
      photoIds: photos.map((p) => p.id),
    };
    const body =
      kind === 'pickup'
        ? { ...common, ...(depositMethod && { depositMethod }), ...(unitId && { unitId: Number(unitId) }) }
        : {
            ...common,
            charges: (['fuel', 'cleaning', 'damage'] as const)
              .filter((k) => charges[k].trim() !== '')
              .map((k) => ({
                kind: k,
                amount: Number(charges[k]),
                note: k === 'damage' ? charges.damageNote : '',
              })),
          };
    // The return's mail goes to the customer's account, else to the email the driver gave (a walk-in).
    const noEmail = !booking.driver.email || isMadeUpEmail(booking.driver.email);
    const done = kind === 'return' && noEmail ? 'returnNoEmail' : kind;
    save.mutate(body, { onSuccess: () => onDone(t(`handOver.saved.${done}`)) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid={`report-form-${kind}`}>
      <PhotoTaker
        bookingId={booking.id}
        kind={kind}
        photos={photos}
        onPhoto={(p) => setPhotos((all) => [...all, p])}
      />
      {errors.photoIds && (
        <p role="alert" className="field-error">
          {errors.photoIds}
        </p>
      )}
      {kind === 'pickup' && freeUnits.length > 1 && (
        <SelectField label={t('booking.unit')} value={unitId} onChange={(e) => setUnitId(e.target.value)}>
          {freeUnits.map((u) => (
            <option key={u.id} value={u.current ? '' : String(u.id)}>
              {u.plate}
              {u.current ? ` (${t('booking.currentUnit')})` : ''}
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('handOver.fuel')}
          value={fuel}
          onChange={(e) => setFuel(e.target.value)}
          error={errors.fuelEighths}
        >
          {Array.from({ length: 9 }, (_, n) => 8 - n).map((n) => (
            <option key={n} value={n}>
              {t('handOver.fuelLevel', { n })}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('handOver.mileage')}
          inputMode="numeric"
          value={mileage}
          onChange={(e) => setMileage(e.target.value)}
          hint={
            pickup && kind === 'return' ? t('handOver.mileageAtPickup', { km: pickup.mileageKm }) : undefined
          }
          error={errors.mileageKm}
        />
      </div>
      <DamageMarks
        marks={marks}
        earlier={kind === 'return' ? (pickup?.damage ?? []) : []}
        onChange={setMarks}
      />
      <TextAreaField label={t('handOver.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} />
      {kind === 'pickup' && booking.deposit.coveredBy && (
        <p data-testid="handover-deposit-covered" className="rounded-lg bg-slate-100 p-3">
          {t('handOver.depositCovered', { company: booking.deposit.coveredBy })}
        </p>
      )}
      {depositDue && (
        <SelectField
          label={t('handOver.depositMethod')}
          value={depositMethod}
          onChange={(e) => setDepositMethod(e.target.value as typeof depositMethod)}
        >
          <option value="">{t('handOver.depositLater')}</option>
          <option value="cash">{t('booking.deposit.take.cash')}</option>
          <option value="card">{t('booking.deposit.take.card')}</option>
          <option value="promptpay">{t('booking.deposit.take.promptpay')}</option>
        </SelectField>
      )}
      {kind === 'return' && (
        <fieldset className="space-y-2">
          <legend className="field-label">{t('handOver.charges')}</legend>
          <p className="text-sm text-slate-600">{t('handOver.lateHint')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['fuel', 'cleaning', 'damage'] as const).map((k) => (
              <Field
                key={k}
                label={t(`handOver.charge.${k}`)}
                inputMode="numeric"
                value={charges[k]}
                onChange={(e) => setCharges({ ...charges, [k]: e.target.value })}
              />
            ))}
            <Field
              label={t('handOver.damageNote')}
              value={charges.damageNote}
              onChange={(e) => setCharges({ ...charges, damageNote: e.target.value })}
            />
          </div>
          {errors.charges && (
            <p role="alert" className="field-error">
              {errors.charges}
            </p>
          )}
        </fieldset>
      )}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t(`handOver.save.${kind}`)}
      </button>
      <ErrorNote error={save.error?.httpStatus === 400 ? null : save.error} />
    </form>
  );
}

/** The customer signs on this phone: the name as they write it, and their hand. */
function SignOnThisPhone({ booking, onDone }: { booking: Booking; onDone: (m: string) => void }) {
  const { t } = useTranslation('admin');
  const [signature, setSignature] = useState<string | null>(null);
  const [name, setName] = useState(`${booking.driver.firstName} ${booking.driver.lastName}`.trim());
  const [missing, setMissing] = useState(false);
  const sign = useAdminMutation<Booking, { signature: string; signerName: string }>(
    'POST',
    `/bookings/${booking.id}/agreement`,
  );
  return (
    <form
      noValidate
      className="space-y-2 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(!signature);
        if (signature)
          sign.mutate({ signature, signerName: name }, { onSuccess: () => onDone(t('handOver.signedDone')) });
      }}
    >
      <h3 className="font-semibold">{t('handOver.signTitle')}</h3>
      <p className="text-sm text-slate-700">{t('handOver.signIntro')}</p>
      <Field label={t('handOver.signerName')} value={name} onChange={(e) => setName(e.target.value)} />
      <SignaturePad label={t('handOver.customerSigns')} onChange={setSignature} />
      {missing && (
        <p role="alert" className="field-error">
          {t('handOver.signFirst')}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={sign.isPending}>
        {t('handOver.sign')}
      </button>
      <ErrorNote error={sign.error} />
    </form>
  );
}

/**
 * The hand-over on the booking's page (issue 18, parts 1 and 2; decision 1804): the pickup's report
 * (the car goes out), the customer's signature, the return's report with its charges (the car comes
 * back; the deposit is settled with them). What was recorded shows below, with the signed agreement.
 */
export function HandOverCard({
  booking,
  freeUnits = [],
  children,
}: {
  booking: Booking;
  /** Units of the model free for the booking (the staff page's): the pickup may hand over another. */
  freeUnits?: FreeUnit[];
  /** What was recorded (reports, charges, the agreement), as the booking page shows it. */
  children: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [done, setDone] = useState('');
  const [open, setOpen] = useState<ReportKind | null>(null);
  const has = (kind: ReportKind) => booking.conditionReports.some((r) => r.kind === kind);
  // What HandOverView (the children) shows: a report, the agreement or a charge.
  const recorded =
    booking.conditionReports.length > 0 || Boolean(booking.agreement) || booking.charges.length > 0;
  const next: ReportKind | null =
    (booking.status === 'confirmed' || booking.status === 'active') && !has('pickup')
      ? 'pickup'
      : booking.status === 'active' && !has('return')
        ? 'return'
        : null;
  const finish = (message: string) => {
    setDone(message);
    setOpen(null);
  };
  return (
    <Card title={t('handOver.title')} className="lg:col-span-2">
      <div className="space-y-3" data-testid="hand-over-card" id="hand-over">
        {done && (
          <p role="status" className="font-semibold text-green-800">
            {done}
          </p>
        )}
        {next && open !== next && (
          <button type="button" className="btn-primary" onClick={() => (setOpen(next), setDone(''))}>
            {t(`handOver.start.${next}`)}
          </button>
        )}
        {next && open === next && (
          <ReportForm booking={booking} kind={next} freeUnits={freeUnits} onDone={finish} />
        )}
        {booking.canSignAgreement && open === null && <SignOnThisPhone booking={booking} onDone={finish} />}
        {!next && !recorded && !booking.canSignAgreement && (
          // The card used to stand empty under its heading (awaiting payment, cancelled, or a rental
          // closed with nothing recorded): it says why instead.
          <p className="text-slate-600" data-testid="hand-over-nothing">
            {t(
              `handOver.nothing.${booking.status === 'awaiting_payment' || booking.status === 'cancelled' ? booking.status : 'none'}`,
            )}
          </p>
        )}
        {children}
      </div>
    </Card>
  );
}
