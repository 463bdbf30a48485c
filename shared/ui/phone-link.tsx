import type { ReactNode } from 'react';
import { site, type Phone } from '../content/site';
import { Icon } from './icons';

interface PhoneLinkProps {
  /** Which of the clinic's numbers; the first by default. */
  phone?: Phone;
  className?: string;
  /** Size of a phone icon before the number; no icon when unset. */
  iconSize?: number;
  /** What the link shows instead of the number as written (e.g. the number in a span). */
  children?: ReactNode;
}

/** A tap-to-call link: dials the number in E.164 form, shows it as people write it. */
export function PhoneLink({ phone = site.phones[0], className, iconSize, children }: PhoneLinkProps) {
  return (
    <a href={`tel:${phone.e164}`} className={className}>
      {iconSize !== undefined && <Icon name="phone" size={iconSize} />}
      {children ?? phone.display}
    </a>
  );
}
