import type { ReactNode } from 'react';
import { formatAbuja } from '../ui/staff/format';
import type { AnswerBlock } from './answers';
import type { ReadLineView } from './page-data';

/**
 * Answers as people read them, section by section, each with the version of the questions it
 * answered: the patient's "what you sent" and the practitioner's page show the same list.
 * `action`: something beside each section's heading (the patient's "Change" link).
 */
export function AnswerList({ blocks, headingLevel = 2, action }: { blocks: readonly AnswerBlock[]; headingLevel?: 2 | 3; action?: (block: AnswerBlock) => ReactNode }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="intake-answers">
      {blocks.map((b) => (
        <section key={b.id} className="intake-answers__block" aria-labelledby={`answers-${b.id}`}>
          <div className="intake-answers__head">
            <H id={`answers-${b.id}`}>{b.title}</H>
            {action?.(b)}
          </div>
          <p className="intake-answers__meta">
            Saved {formatAbuja(b.savedAt)} · questions version {b.version}
          </p>
          <dl>
            {b.rows.map((row, i) => (
              <div key={i} className={row.flag ? 'intake-answers__row is-flag' : 'intake-answers__row'}>
                <dt>{row.label}</dt>
                <dd>
                  {Array.isArray(row.value) ? (
                    row.value.length > 1 ? (
                      <ul>
                        {row.value.map((v, j) => (
                          <li key={j}>{v}</li>
                        ))}
                      </ul>
                    ) : (
                      row.value[0]
                    )
                  ) : (
                    row.value
                  )}
                  {row.flag && <strong className="intake-flag"> Red flag</strong>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** Who read the answers, and when (the read log). */
export function ReadLog({ reads, empty, forPatient = false }: { reads: readonly ReadLineView[]; empty: string; forPatient?: boolean }) {
  if (!reads.length) return <p>{empty}</p>;
  return (
    <ul className="intake-reads">
      {reads.map((r, i) => (
        <li key={i}>
          <time dateTime={r.at}>{formatAbuja(r.at)}</time> {r.by} ({r.role === 'admin' ? 'administrator' : forPatient ? 'your practitioner' : 'treating practitioner'})
        </li>
      ))}
    </ul>
  );
}
