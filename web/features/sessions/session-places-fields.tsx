import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  CANCELLATION_HOURS_MAX,
  DEFAULT_CANCELLATION_HOURS,
  SESSION_CAPACITY_MAX,
  type SessionAnswer,
} from '@common/sessions/schemas';
import { InputField } from '@web/components/form/input-field';
import { useSessionDefaults } from './api/get-session-defaults';
import { SESSION_TEXTS } from './session-texts';

/**
 * The session form's Capacity and refund window. An edit starts from the session's own; a new
 * session from one place and the facilitator's usual window (GET app/facilitator/session-defaults),
 * until the facilitator types their own.
 */
export function SessionPlacesFields({ session }: { session?: SessionAnswer }) {
  const form = useFormContext();
  const defaults = useSessionDefaults(!session);
  const capacity = session?.capacity ?? defaults.data?.capacity ?? 1;
  const hours = session?.cancellationHours ?? defaults.data?.cancellationHours ?? DEFAULT_CANCELLATION_HOURS;
  useEffect(() => {
    for (const [name, value] of [
      ['capacity', capacity],
      ['cancellationHours', hours],
    ] as const) {
      if (!form.getFieldState(name).isDirty) form.setValue(name, value);
    }
  }, [form, capacity, hours]);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        name="capacity"
        type="number"
        label={SESSION_TEXTS.capacity}
        description={SESSION_TEXTS.capacityHint}
        min={1}
        max={SESSION_CAPACITY_MAX}
        step={1}
        inputMode="numeric"
        required
      />
      <InputField
        name="cancellationHours"
        type="number"
        label={SESSION_TEXTS.cancellationWindow}
        description={SESSION_TEXTS.cancellationHint}
        min={0}
        max={CANCELLATION_HOURS_MAX}
        step={1}
        inputMode="numeric"
        required
      />
    </div>
  );
}
