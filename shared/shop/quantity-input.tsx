import { useId } from 'react';
import { Icon } from '../ui/icons';
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from './money';

interface QuantityInputProps {
  /** Field name in the form. */
  name: string;
  /** What the quantity is of, for the accessible names ("Quantity of Cervical Contour Pillow"). */
  of: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the label ("Quantity") visibly. */
  showLabel?: boolean;
}

/** A number input with − and + buttons; typing works without JavaScript, the buttons step by one. */
export function QuantityInput({ name, of, value, onChange, showLabel = false }: QuantityInputProps) {
  const id = useId();
  const n = parseQuantity(value);
  const step = (delta: number) => onChange(String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, (n || MIN_QUANTITY) + delta))));
  return (
    <div className="quantity">
      <label htmlFor={id} className={showLabel ? 'quantity__label' : 'visually-hidden'}>
        {showLabel ? 'Quantity' : `Quantity of ${of}`}
        {showLabel && <span className="visually-hidden"> of {of}</span>}
      </label>
      <div className="quantity__control">
        <button type="button" className="quantity__btn" aria-label={`Decrease quantity of ${of}`} onClick={() => step(-1)}>
          <Icon name="minus" size={18} />
        </button>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          required
          className="quantity__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="quantity__btn" aria-label={`Increase quantity of ${of}`} onClick={() => step(1)}>
          <Icon name="plus" size={18} />
        </button>
      </div>
    </div>
  );
}
