import { site, type SocialLink } from '../../content/site';
import type { IconName } from '../../content/types';
import { Icon } from '../../ui/icons';
import { useSiteDetails } from '../../platform/site-details';

const iconFor: Record<SocialLink['name'], IconName> = {
  Facebook: 'facebook',
  Instagram: 'instagram',
  X: 'x',
  LinkedIn: 'linkedin',
  YouTube: 'youtube',
};

export function SocialLinks({ className = 'social-links' }: { className?: string }) {
  return (
    <ul className={className}>
      {useSiteDetails().social.map((s) => (
        <li key={s.name}>
          <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={`${site.shortName} on ${s.name} (opens in a new tab)`}>
            <Icon name={iconFor[s.name]} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}
