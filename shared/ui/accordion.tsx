import { useId, type ReactNode } from 'react';
import { Icon } from './icons';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Native <details> elements sharing a name: keyboard and screen-reader support come
 * from the browser, it works before hydration, and opening one closes the others.
 * The first item is open by default (spec section 4).
 */
export function Accordion({ items, defaultOpen = 0 }: { items: readonly AccordionItem[]; defaultOpen?: number }) {
  const group = useId();
  return (
    <div className="accordion">
      {items.map((item, i) => (
        <details key={item.id} name={group} open={i === defaultOpen} className="accordion__item">
          <summary className="accordion__summary">
            <span>{item.title}</span>
            <Icon name="chevronDown" size={20} className="accordion__chevron" />
          </summary>
          <div className="accordion__body">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
