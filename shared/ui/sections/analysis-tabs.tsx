import type { AnalysisTab } from '../../content/about';
import { Icon } from '../icons';
import { Section } from '../section';
import { Tabs } from '../tabs';
import './clinic-sections.css';

/** About page tabbed analysis (spec section 4: Industry analysis, Our commitment, how we start care?; the first is active). */
export function AnalysisTabs({ items, eyebrow = 'How we think', title = 'Care built on understanding', headingId = 'analysis-heading' }: { items: readonly AnalysisTab[]; eyebrow?: string; title?: string; headingId?: string }) {
  return (
    <Section headingId={headingId} className="analysis" containerClassName="narrow-wide" eyebrow={eyebrow} title={title}>
      <Tabs
        label="Analysis"
        className="analysis__tabs"
        items={items.map((t) => ({
          id: t.id,
          label: t.label,
          content: (
            <div className="analysis__panel">
              <h3>{t.title}</h3>
              <p>{t.text}</p>
              <ul className="check-list">
                {t.points.map((p) => (
                  <li key={p}>
                    <Icon name="check" size={18} />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
            </div>
          ),
        }))}
      />
    </Section>
  );
}
