import { richTextToPlainText, type RichTextDoc } from '../platform/rich-text';
import { several, single, type FieldSpec, type FormValues } from './fields';
import { kindSpec, weekdayNames, type KindId } from './kinds';

/** A field's value in words, as the side-by-side tables show it. */
function shown(field: FieldSpec, values: FormValues): string {
  switch (field.type) {
    case 'rich': {
      try {
        return richTextToPlainText(JSON.parse(single(values, field.name) || '{"type":"doc","content":[]}') as RichTextDoc);
      } catch {
        return '';
      }
    }
    case 'checkbox':
      return single(values, field.name) ? 'Yes' : 'No';
    case 'multi':
      return several(values, field.name).join(', ');
    case 'picture': {
      const src = single(values, field.name);
      return src ? `${src.replace(/^media:/, 'Upload ')}\nDescription: ${single(values, field.altName)}` : 'None';
    }
    case 'hours':
      return weekdayNames
        .map((day, d) => {
          const opens = single(values, `hours.${d}.opens`);
          const closes = single(values, `hours.${d}.closes`);
          return `${day}: ${opens && closes ? `${opens}–${closes}` : 'closed'}`;
        })
        .join('\n');
    default:
      return single(values, field.name);
  }
}

/**
 * Two versions of an item side by side, field by field (a revision and what is live; theirs and
 * yours after a conflict), changed fields marked; `onlyChanged` leaves the same ones out.
 */
export function ValuesTable({ kind, left, right, onlyChanged = false }: { kind: KindId; left: { title: string; values: FormValues }; right: { title: string; values: FormValues | null }; onlyChanged?: boolean }) {
  const rows = kindSpec(kind).fields.map((field) => {
    const a = shown(field, left.values);
    const b = right.values ? shown(field, right.values) : '';
    return { field, a, b, changed: right.values !== null && a !== b };
  });
  const listed = onlyChanged ? rows.filter((r) => r.changed) : rows;
  return (
    <div className="content-compare" role="region" aria-label="Side by side" tabIndex={0}>
      <table className="content-compare__table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{left.title}</th>
            <th scope="col">{right.title}</th>
          </tr>
        </thead>
        <tbody>
          {listed.map(({ field, a, b, changed }) => (
            <tr key={field.name} className={changed ? 'is-changed' : undefined}>
              <th scope="row">
                {field.label}
                {changed && <span className="content-compare__mark"> (differs)</span>}
              </th>
              <td data-label={left.title}>{a || '—'}</td>
              <td data-label={right.title}>{right.values ? b || '—' : 'Not on the site'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
