import { formatClock } from '../time';
import type { FreeSlot } from '../types';

/** Free times as radio buttons (a fieldset with a legend); the chosen start posts as `name`. */
export function SlotPicker({ slots, name = 'start', legend, error, names }: { slots: readonly FreeSlot[]; name?: string; legend: string; error?: string | undefined; names?: (id: string) => string }) {
  const errorId = `${name}-slots-error`;
  return (
    <fieldset className="slot-list" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {slots.map((s) => (
        <label key={`${s.startsAt}-${s.practitionerId}`} className="slot">
          <input type="radio" name={name} value={s.startsAt} required />
          <span>
            {formatClock(s.time)}
            {names ? <span className="visually-hidden"> with {names(s.practitionerId)}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
