import { useId, type ReactNode } from 'react';
import type { IconName } from '../content/types';
import { Icon } from '../ui/icons';

interface RevealBoxProps {
  /** Key of this box in `?open=` (the no-JavaScript fallback). */
  name: string;
  open: boolean;
  /** Keys that should be open after this box toggles; the fallback GET form sends them. */
  nextOpen: readonly string[];
  onToggle: () => void;
  icon: IconName;
  lead: string;
  buttonLabel: string;
  children: ReactNode;
}

/**
 * A notice bar whose button opens and closes the region below it (aria-expanded). With
 * JavaScript it toggles in place; without it, the button is a GET submit that reloads
 * the page with `?open=` listing the open boxes.
 */
export function RevealBox({ name, open, nextOpen, onToggle, icon, lead, buttonLabel, children }: RevealBoxProps) {
  const base = useId();
  const regionId = `${base}-region`;
  const buttonId = `${base}-button`;
  return (
    <div className={`reveal${open ? ' is-open' : ''}`} data-reveal={name}>
      <form method="get" action="/checkout" className="reveal__bar">
        <Icon name={icon} size={20} className="reveal__icon" />
        <span>{lead}</span>
        {nextOpen.map((k) => (
          <input key={k} type="hidden" name="open" value={k} />
        ))}
        <button
          id={buttonId}
          type="submit"
          className="reveal__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={(e) => {
            e.preventDefault();
            onToggle();
          }}
        >
          {buttonLabel}
          <Icon name="chevronDown" size={18} className="reveal__chevron" />
        </button>
      </form>
      <div id={regionId} role="region" aria-labelledby={buttonId} className="reveal__region" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
