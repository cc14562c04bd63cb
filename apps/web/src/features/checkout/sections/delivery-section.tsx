import { useId } from 'react';
import { useMessageWords, LabelledControl } from '../../../lib/form-fields';
import { useTranslation } from '../../../lib/use-translation';
import { DeliveryFields, type DeliveryErrors } from '../../bookings/delivery-fields';
import { useBranches } from '../../catalog/catalog-api';
import { outOfHoursNote, TimeChoice, useBranchPickupReturn } from '../../catalog/time-choice';
import { FormSection } from '../form-section';
import type { BookingChoiceState } from '../use-booking-choice';

/**
 * Pickup and return: the times, among the hours of the pickup branch and of the return branch (a
 * one-way return's may differ), each time out of hours with its fee (decision 3602), another
 * return branch, delivery or collection, and the arriving flight for an airport counter's pickup.
 * Folded on a phone to the times and where, since most customers take the car at the counter.
 */
export function DeliverySection({
  booking,
  branchName,
  errors,
  onChange,
}: {
  booking: BookingChoiceState;
  branchName: string;
  errors: DeliveryErrors;
  onChange: () => void;
}) {
  const { t } = useTranslation('booking');
  const words = useMessageWords();
  const id = useId();
  const pickupReturnAt = useBranchPickupReturn();
  const branches = useBranches();
  const { choice, deliveryPlan, timeProblems } = booking;
  if (!choice) return null;
  const pickupAt = pickupReturnAt(choice.branchCode);
  const returnAt = pickupReturnAt(deliveryPlan.returnBranch || choice.branchCode);
  const atAirport = branches.data?.find((b) => b.code === choice.branchCode)?.is_airport === true;
  const sayTime = (path: string) => (timeProblems[path] ? words.say(timeProblems[path]!, t) : undefined);
  const where = [
    deliveryPlan.delivery && t('summary.folded.delivery'),
    deliveryPlan.returnBranch && t('summary.folded.oneWay'),
    deliveryPlan.collection && t('summary.folded.collection'),
  ].filter(Boolean);
  const summary = [
    t('summary.folded.times', { pickup: choice.pickupTime, return: choice.returnTime }),
    ...(where.length ? where : [t('summary.folded.atCounter', { branch: branchName })]),
  ].join(' · ');
  return (
    <FormSection
      title={t('pickupReturn.title')}
      summary={summary}
      hasError={Object.keys(errors).length > 0 || Object.keys(timeProblems).length > 0}
    >
      <div className="mb-4 grid grid-cols-2 gap-x-3" data-testid="rental-times">
        <TimeChoice
          id={`${id}-pickup`}
          label={t('times.pickup')}
          value={choice.pickupTime}
          times={pickupAt.times}
          note={outOfHoursNote(pickupAt, t)}
          error={sayTime('pickupTime') ?? sayTime('pickupDate')}
          onChange={(v) => booking.setTime('pickupTime', v)}
        />
        <TimeChoice
          id={`${id}-return`}
          label={t('times.return')}
          value={choice.returnTime}
          times={returnAt.times}
          note={outOfHoursNote(returnAt, t)}
          error={sayTime('returnTime') ?? sayTime('returnDate')}
          onChange={(v) => booking.setTime('returnTime', v)}
        />
      </div>
      {atAirport && !deliveryPlan.delivery && (
        <div className="mb-4">
          <LabelledControl
            label={t('pickupReturn.arrivingFlight')}
            error={errors.flightNumber && words.say(errors.flightNumber, t)}
          >
            {(p) => (
              <input
                {...p}
                className="field-input"
                autoComplete="off"
                placeholder="TG 661"
                maxLength={8}
                value={deliveryPlan.flightNumber}
                onChange={(e) => {
                  booking.setDeliveryPlan({ ...deliveryPlan, flightNumber: e.target.value });
                  onChange();
                }}
              />
            )}
          </LabelledControl>
        </div>
      )}
      <DeliveryFields
        branchCode={choice.branchCode}
        branchName={branchName}
        value={deliveryPlan}
        onChange={(next) => {
          booking.setDeliveryPlan(next);
          onChange();
        }}
        errors={errors}
      />
    </FormSection>
  );
}
