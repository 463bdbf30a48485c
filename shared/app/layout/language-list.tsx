import { Icon } from '../../ui/icons';

export const languages = ['USA', 'UK', 'CA', 'AU'] as const;

/**
 * Language list in the top bar of home four (spec). The site is written in English only,
 * so the list says so instead of pretending to switch language.
 */
export function LanguageList() {
  return (
    <details className="lang-list">
      <summary>
        <Icon name="globe" size={16} />
        <span>English ({languages[0]})</span>
      </summary>
      <ul>
        {languages.map((l) => (
          <li key={l}>
            English ({l})
          </li>
        ))}
        <li className="lang-list__note">Other languages are coming soon.</li>
      </ul>
    </details>
  );
}
