import type { ReactNode } from 'react';
import type { Phone } from '../content/site';
import { useSiteDetails } from '../platform/site-details';
import { Icon } from './icons';

interface PhoneLinkProps {
  /** A number of its own; by default the clinic's (the first of its details, or the second with `second`). */
  phone?: Phone;
  second?: boolean;
  className?: string;
  /** Size of a phone icon before the number; no icon when unset. */
  iconSize?: number;
  /** What the link shows instead of the number as written (e.g. the number in a span). */
  children?: ReactNode;
}

/** A tap-to-call link: dials the number in E.164 form, shows it as people write it. */
export function PhoneLink({ phone: given, second = false, className, iconSize, children }: PhoneLinkProps) {
  const { phones } = useSiteDetails();
  const phone = given ?? phones[second ? 1 : 0];
  return (
    <a href={`tel:${phone.e164}`} className={className}>
      {iconSize !== undefined && <Icon name="phone" size={iconSize} />}
      {children ?? phone.display}
    </a>
  );
}
