import { useState, type ChangeEvent } from 'react';
import { BODY_REGIONS, FIGURE, REGION_GROUPS, regionInputId, type BodyView, type Box } from './regions';
import './body-map.css';

const pct = (n: number, of: number) => `${Math.round((n / of) * 10000) / 100}%`;

/**
 * Where it hurts: a body outline to tap (front and back, inline SVG, no library) and the list of
 * regions, which is the accessible equal and the form's real fields. Each region of the outline is
 * covered by a label of its box in the list, so a tap ticks the box natively: at once, before the
 * page's scripts run and without them. The outline colours the ticked regions with CSS (:has, in
 * body-map.css), and says which are chosen in its accessible name.
 */
export function BodyMap({ chosen: initial, error }: { chosen: readonly string[]; error?: string | undefined }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = event.currentTarget;
    setChosen((before) => {
      const next = new Set(before);
      if (checked) next.add(value);
      else next.delete(value);
      return next;
    });
  };
  const names = BODY_REGIONS.filter((r) => chosen.has(r.id)).map((r) => r.label);
  return (
    <div className="body-map">
      <div className="body-map__figures">
        {(['front', 'back'] as const).map((view) => (
          <Figure key={view} view={view} chosen={names} />
        ))}
      </div>
      <p className="field__hint body-map__hint">Tap the outline, or tick the places in the list below. Left and right are yours.</p>
      <fieldset className="intake-checks" aria-describedby={error ? 'regions-error' : undefined}>
        <legend>Where it hurts (tick all that apply)</legend>
        {error && (
          <p className="field__error" id="regions-error">
            {error}
          </p>
        )}
        {REGION_GROUPS.map((group) => (
          <div key={group} className="intake-checks__group" role="group" aria-label={group}>
            <p className="intake-checks__title" aria-hidden="true">
              {group}
            </p>
            {BODY_REGIONS.filter((r) => r.group === group).map((r) => (
              <label key={r.id} className="intake-check">
                <input type="checkbox" id={regionInputId(r.id)} name="regions" value={r.id} defaultChecked={initial.includes(r.id)} onChange={onChange} />
                <span>{r.label}</span>
              </label>
            ))}
          </div>
        ))}
      </fieldset>
    </div>
  );
}

function Figure({ view, chosen }: { view: BodyView; chosen: readonly string[] }) {
  const parts = BODY_REGIONS.flatMap((r) => (r[view] ? [{ id: r.id, label: r.label, box: r[view] as Box }] : []));
  const title = view === 'front' ? 'Front' : 'Back';
  return (
    <figure className={`body-map__figure body-map__figure--${view}`}>
      <div className="body-map__canvas">
        <svg viewBox={`0 0 ${FIGURE.width} ${FIGURE.height}`} className="body-map__svg" role="img" aria-label={`Body outline, ${title.toLowerCase()}: ${chosen.length ? `chosen: ${chosen.join(', ')}` : 'nothing chosen yet'}.`}>
          {parts.map((p) => (
            <rect key={p.id} data-region={p.id} x={p.box.x} y={p.box.y} width={p.box.w} height={p.box.h} rx={p.box.r} className="body-map__part" />
          ))}
        </svg>
        {parts.map((p) => (
          <label key={p.id} htmlFor={regionInputId(p.id)} className="body-map__hit" aria-hidden="true" title={p.label} style={{ left: pct(p.box.x, FIGURE.width), top: pct(p.box.y, FIGURE.height), width: pct(p.box.w, FIGURE.width), height: pct(p.box.h, FIGURE.height) }} />
        ))}
      </div>
      <figcaption aria-hidden="true">{title}</figcaption>
    </figure>
  );
}
