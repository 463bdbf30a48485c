import { departmentOptions } from '../../content/appointment';
import { locationOptionsOf, type SiteFacts } from '../../clinic/site-facts';
import type { Practitioner } from '../../clinic/types';
import { quoteFields } from '../../content/services-two';
import { countries, paymentMethods, shippingOptions } from '../../content/shop';
import type { Option } from '../../content/types';
import type { RequestKind } from '../kinds';

const fromOptions = (options: readonly Option[]) => (v: string) => options.find((o) => o.value === v)?.label ?? v;

interface FieldLabel {
  label: string;
  value?: (v: string) => string;
}

/** The clinic's facts the labels name (from the database, in the server loader). */
export interface LabelFacts {
  site: SiteFacts;
  practitioners: readonly Pick<Practitioner, 'id' | 'name' | 'title'>[];
  /** Titles of the posts a payload names, by slug (the posts are data: the server loader looks them up). */
  postTitles?: Readonly<Record<string, string>>;
}

/** A doctor as the request named them: a practitioner's id, or (requests sent before the team was data) their card number. */
function doctorName(practitioners: LabelFacts['practitioners'], value: string): string {
  const p = /^\d+$/.test(value) ? practitioners[Number(value) - 1] : practitioners.find((x) => x.id === value);
  return p ? `${p.name} (${p.title})` : value;
}

/** How each payload field is shown to staff: the forms' own labels and the options' names, not codes. */
const fieldsFor = ({ site, practitioners, postTitles = {} }: LabelFacts): Record<string, FieldLabel> => ({
  department: { label: 'Department', value: fromOptions(departmentOptions) },
  doctor: { label: 'Doctor', value: (v) => doctorName(practitioners, v) },
  service: { label: 'Service', value: fromOptions(site.services.map((s) => ({ value: s.id, label: s.name }))) },
  location: { label: 'Location', value: fromOptions(locationOptionsOf(site)) },
  date: { label: 'Preferred date' },
  time: { label: 'Preferred time (Abuja)' },
  request: { label: 'Request' },
  subject: { label: 'Subject' },
  message: { label: 'Message' },
  postId: { label: 'Post', value: (v) => postTitles[v] ?? v },
  comment: { label: 'Comment' },
  website: { label: 'Website' },
  country: { label: 'Country', value: fromOptions(countries) },
  shippingCountry: { label: 'Shipping country', value: fromOptions(countries) },
  shipping: { label: 'Shipping', value: (v) => shippingOptions.find((s) => s.id === v)?.label ?? v },
  payment: { label: 'Payment', value: (v) => paymentMethods.find((m) => m.id === v)?.label ?? v },
  orderNotes: { label: 'Order notes' },
  shipToDifferentAddress: { label: 'Ship to a different address', value: (v) => (v === 'on' ? 'Yes' : 'No') },
});
// The quote form's fields (service, sessions, patient, payment) have their own labels and options.
const QUOTE_FIELDS: Record<string, FieldLabel> = Object.fromEntries(quoteFields.map((f) => [f.name, { label: f.label, value: fromOptions(f.options) }]));

function humanise(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function money(cents: unknown): string {
  return typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : String(cents ?? '');
}

/** An order's lines and totals as readable text. */
function orderValue(key: string, value: unknown): string | null {
  if (key === 'lines' && Array.isArray(value)) {
    return value.map((l: { product?: string; quantity?: number; total?: number }) => `${l.quantity ?? 1} × ${l.product ?? '?'} (${money(l.total)})`).join('\n');
  }
  if (key === 'totals' && value && typeof value === 'object') {
    const t = value as { subtotal?: number; shipping?: number; total?: number };
    return `Subtotal ${money(t.subtotal)}, shipping ${money(t.shipping)}, total ${money(t.total)}`;
  }
  return null;
}

/** Everything a form sent, as label and readable value, in the order it was stored; empty values left out. */
export function describePayload(kind: RequestKind, payload: Record<string, unknown>, facts: LabelFacts): { key: string; label: string; value: string }[] {
  const FIELDS = fieldsFor(facts);
  const out: { key: string; label: string; value: string }[] = [];
  for (const [key, raw] of Object.entries(payload)) {
    if (raw === '' || raw === null || raw === undefined) continue;
    const field = (kind === 'quote' ? QUOTE_FIELDS[key] : undefined) ?? FIELDS[key];
    const special = orderValue(key, raw);
    const text = special ?? (typeof raw === 'string' ? raw : JSON.stringify(raw));
    const label = key === 'lines' ? 'Items' : key === 'totals' ? 'Totals' : (field?.label ?? humanise(key.replace(/^shipping(?=[A-Z])/, 'shipping ')));
    out.push({ key, label, value: field?.value && typeof raw === 'string' ? field.value(raw) : text });
  }
  return out;
}
