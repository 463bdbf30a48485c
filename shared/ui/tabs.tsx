import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  defaultIndex?: number;
  className?: string;
  onChange?: (index: number) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between
 * tabs; only the active tab is in the tab order. Every panel is in the server HTML, and
 * without JavaScript every panel shows, each under its label (@media (scripting: none)).
 */
export function Tabs({ items, label, defaultIndex = 0, className, onChange }: TabsProps) {
  const [active, setActive] = useState(defaultIndex);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();

  const select = (i: number, focus: boolean) => {
    setActive(i);
    onChange?.(i);
    if (focus) tabRefs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = items.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = keys[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(next, true);
  };

  return (
    <div className={`tabs ${className ?? ''}`}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={i === active ? 0 : -1}
            className={`tabs__tab${i === active ? ' is-active' : ''}`}
            onClick={() => select(i, false)}
            onKeyDown={onKeyDown}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t, i) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={i !== active}
          tabIndex={0}
          className="tabs__panel"
        >
          {/* Without JavaScript the tab list cannot switch panels: CSS hides it, shows every panel and this label. */}
          <p className="tabs__nojs-label" aria-hidden="true">
            {t.label}
          </p>
          {t.content}
        </div>
      ))}
    </div>
  );
}
