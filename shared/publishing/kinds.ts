import { z } from 'zod';
import { email, optional, required, str, type FieldErrors } from '../platform/form-fields';
import { formatE164Nigeria, toE164Nigeria } from '../platform/phone';
import type { RichTextDoc } from '../platform/rich-text';
import type { SocialLink } from '../content/site';
import { abujaLocal, abujaMomentField, boolField, intField, linesField, moneyField, richField, several, single, slugField, tagsField, webAddress, type FieldSpec, type FormValues } from './fields';
import { pictureFields, type PictureRef } from './pictures';

/**
 * What the clinic edits at /staff/content, one entry per kind: its form (the fields, drawn by the
 * editor), its schema (what was typed → the document that is published), the way back (a
 * published document → the form), its title in lists, and where the site shows it. The server
 * side of each kind (what a publish writes, what may be deleted) is server/publishing/kinds.ts.
 */
export const KIND_IDS = ['service', 'practitioner', 'location', 'details', 'post', 'faq', 'gallery', 'portfolio'] as const;
export type KindId = (typeof KIND_IDS)[number];

export function isKindId(value: unknown): value is KindId {
  return typeof value === 'string' && (KIND_IDS as readonly string[]).includes(value);
}

export interface ServiceDoc {
  name: string;
  slug: string;
  summary: string;
  body: RichTextDoc;
  points: string[];
  firstVisitMinutes: number;
  followUpMinutes: number;
  bufferMinutes: number;
  priceNgn: number | null;
  picture: PictureRef | null;
  bookableOnline: boolean;
  order: number;
}

export interface PractitionerDoc {
  name: string;
  slug: string;
  title: string;
  bio: string;
  portrait: PictureRef;
  bookable: boolean;
  serviceIds: string[];
  visible: boolean;
  order: number;
}

export interface LocationDoc {
  name: string;
  street: string | null;
  area: string | null;
  city: string;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  mapHref: string | null;
  status: 'open' | 'planned';
  hours: { weekday: number; opens: string; closes: string }[];
  order: number;
}

export interface DetailsDoc {
  email: string;
  phones: [{ display: string; e164: string }, { display: string; e164: string }];
  whatsapp: { display: string; e164: string } | null;
  emergencyNotice: string;
  social: SocialLink[];
}

export interface PostDoc {
  title: string;
  slug: string;
  excerpt: string;
  body: RichTextDoc;
  cover: PictureRef;
  category: string;
  tags: string[];
  authorId: string;
  /** When it goes (or went) live; null: at the publish. */
  publishAt: string | null;
  commentsOpen: boolean;
}

export interface FaqDoc {
  question: string;
  answer: string;
  order: number;
}

export interface GalleryDoc {
  picture: PictureRef;
  caption: string;
  category: string;
  order: number;
}

export interface DocOf {
  service: ServiceDoc;
  practitioner: PractitionerDoc;
  location: LocationDoc;
  details: DetailsDoc;
  post: PostDoc;
  faq: FaqDoc;
  gallery: GalleryDoc;
  portfolio: GalleryDoc;
}

export type AnyDoc = DocOf[KindId];

export type Parsed<D> = { ok: true; doc: D } | { ok: false; errors: FieldErrors };

export interface KindSpec<K extends KindId = KindId> {
  id: K;
  label: string;
  plural: string;
  /** What the list page says this is and where it shows. */
  intro: string;
  fields: readonly FieldSpec[];
  parse(values: FormValues): Parsed<DocOf[K]>;
  toValues(doc: DocOf[K]): FormValues;
  title(doc: DocOf[K]): string;
  /** The page that shows it (preview opens it with the draft), or null. */
  path(doc: DocOf[K], id: string): string | null;
  /** One item only (the clinic's details): no list, no new, no delete. */
  single?: boolean;
  /** A new item starts with these values. */
  blank: FormValues;
}

/** Checks values with a schema whose issues' paths name fields through `fieldOf` (nested objects → their form field). */
function parseWith<D>(schema: z.ZodType<D>, input: unknown, fieldOf: (path: readonly PropertyKey[]) => string = (p) => String(p[0] ?? '_form')): Parsed<D> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, doc: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[fieldOf(issue.path)] ??= issue.message;
  return { ok: false, errors };
}

const yes = (b: boolean) => (b ? 'yes' : '');
const order = intField('the order', 0, 9999);
const pictureValues = (values: FormValues, name: string, altName: string) => ({ src: single(values, name), alt: single(values, altName) });
const pictureField = (name: string, altName: string) => (path: readonly PropertyKey[]) => (path[0] === name ? (path[1] === 'alt' ? altName : name) : String(path[0] ?? '_form'));

const flat = (values: FormValues, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, single(values, n)]));

// ---------------------------------------------------------------------------------- service

const serviceSchema = z.object({
  name: required('the service’s name', 80),
  slug: slugField,
  summary: required('a one-sentence summary', 300),
  body: richField,
  points: linesField('the points', 12, 200),
  firstVisitMinutes: intField('the first visit’s length', 5, 480),
  followUpMinutes: intField('a follow-up’s length', 5, 480),
  bufferMinutes: intField('the time kept free after a visit', 0, 120),
  priceNgn: moneyField,
  picture: pictureFields(false),
  bookableOnline: boolField,
  order,
});

const service: KindSpec<'service'> = {
  id: 'service',
  label: 'Service',
  plural: 'Services',
  intro: 'What the clinic offers: the services pages, the booking’s choices (durations) and the prices patients see.',
  fields: [
    { type: 'text', name: 'name', label: 'Name', required: true, max: 80 },
    { type: 'slug', name: 'slug', label: 'Short name for the address', required: true, hint: 'Lower-case letters, digits and hyphens.' },
    { type: 'textarea', name: 'summary', label: 'Summary', required: true, rows: 2, max: 300, hint: 'One sentence: the lists and search results show it.' },
    { type: 'rich', name: 'body', label: 'Description' },
    { type: 'textarea', name: 'points', label: 'What a visit involves', rows: 4, hint: 'One point per line.' },
    { type: 'number', name: 'firstVisitMinutes', label: 'First visit', min: 5, max: 480, step: 5, unit: 'minutes', required: true },
    { type: 'number', name: 'followUpMinutes', label: 'Follow-up visit', min: 5, max: 480, step: 5, unit: 'minutes', required: true },
    { type: 'number', name: 'bufferMinutes', label: 'Kept free after a visit', min: 0, max: 120, step: 5, unit: 'minutes', required: true, hint: 'Notes and cleaning the room before the practitioner’s next visit.' },
    { type: 'money', name: 'priceNgn', label: 'Price (naira)', hint: 'Whole naira, e.g. 25000. Leave empty for “price on request”.' },
    { type: 'picture', name: 'picture', altName: 'pictureAlt', label: 'Picture' },
    { type: 'checkbox', name: 'bookableOnline', label: 'Patients can book it online', hint: 'Otherwise its page asks them to call.' },
    { type: 'number', name: 'order', label: 'Order in lists', min: 0, max: 9999, required: true, hint: 'Smaller numbers first.' },
  ],
  parse: (values) =>
    parseWith(serviceSchema, { ...flat(values, ['name', 'slug', 'summary', 'body', 'points', 'firstVisitMinutes', 'followUpMinutes', 'bufferMinutes', 'priceNgn', 'bookableOnline', 'order']), picture: pictureValues(values, 'picture', 'pictureAlt') }, pictureField('picture', 'pictureAlt')),
  toValues: (d) => ({
    name: d.name,
    slug: d.slug,
    summary: d.summary,
    body: JSON.stringify(d.body),
    points: d.points.join('\n'),
    firstVisitMinutes: String(d.firstVisitMinutes),
    followUpMinutes: String(d.followUpMinutes),
    bufferMinutes: String(d.bufferMinutes),
    priceNgn: d.priceNgn === null ? '' : String(d.priceNgn),
    picture: d.picture?.src ?? '',
    pictureAlt: d.picture?.alt ?? '',
    bookableOnline: yes(d.bookableOnline),
    order: String(d.order),
  }),
  title: (d) => d.name,
  path: (_d, id) => `/service-detail/${id}`,
  blank: { firstVisitMinutes: '60', followUpMinutes: '30', bufferMinutes: '10', bookableOnline: 'yes', order: '100', body: '' },
};

// ----------------------------------------------------------------------------- practitioner

const practitionerSchema = z.object({
  name: required('the name', 80),
  slug: slugField,
  title: required('the job title', 80),
  bio: required('a short introduction', 600),
  portrait: pictureFields(true),
  bookable: boolField,
  serviceIds: z.array(str).max(50),
  visible: boolField,
  order,
});

const practitioner: KindSpec<'practitioner'> = {
  id: 'practitioner',
  label: 'Team member',
  plural: 'Team',
  intro: 'The people on the team pages, who patients can book, and the services each gives.',
  fields: [
    { type: 'text', name: 'name', label: 'Name', required: true, max: 80 },
    { type: 'slug', name: 'slug', label: 'Short name for the address', required: true },
    { type: 'text', name: 'title', label: 'Job title', required: true, max: 80 },
    { type: 'textarea', name: 'bio', label: 'Short introduction', required: true, rows: 3, max: 600 },
    { type: 'picture', name: 'portrait', altName: 'portraitAlt', label: 'Portrait', required: true },
    { type: 'checkbox', name: 'visible', label: 'Shown on the site', hint: 'A hidden person is not on the team pages and cannot be booked; their bookings and history stay.' },
    { type: 'checkbox', name: 'bookable', label: 'Patients can book them', hint: 'Clinicians; administrators are on the team pages only.' },
    { type: 'multi', name: 'serviceIds', label: 'Services they give', from: 'services' },
    { type: 'number', name: 'order', label: 'Order on the team pages', min: 0, max: 9999, required: true, hint: 'Smaller numbers first.' },
  ],
  parse: (values) =>
    parseWith(
      practitionerSchema,
      { ...flat(values, ['name', 'slug', 'title', 'bio', 'bookable', 'visible', 'order']), portrait: pictureValues(values, 'portrait', 'portraitAlt'), serviceIds: several(values, 'serviceIds') },
      pictureField('portrait', 'portraitAlt'),
    ),
  toValues: (d) => ({
    name: d.name,
    slug: d.slug,
    title: d.title,
    bio: d.bio,
    portrait: d.portrait.src,
    portraitAlt: d.portrait.alt,
    bookable: yes(d.bookable),
    serviceIds: [...d.serviceIds],
    visible: yes(d.visible),
    order: String(d.order),
  }),
  title: (d) => d.name,
  path: () => '/doctors',
  blank: { visible: 'yes', bookable: 'yes', order: '100' },
};

// --------------------------------------------------------------------------------- location

const time = (what: string) => str.pipe(z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, `Please enter ${what} like 08:00.`));
const coordinate = (what: string, limit: number) =>
  str.pipe(
    z
      .string()
      .regex(/^(-?\d{1,3}(\.\d{1,7})?)?$/, `Please enter the ${what} as a decimal number, like 9.0796.`)
      .transform((v) => (v === '' ? null : Number(v)))
      .pipe(z.number().min(-limit, `The ${what} must be between -${limit} and ${limit}.`).max(limit, `The ${what} must be between -${limit} and ${limit}.`).nullable()),
  );
const nullable = (s: z.ZodType<string>) => s.transform((v) => v || null);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const locationSchema = z
  .object({
    name: required('the location’s name', 80),
    street: nullable(optional('the street', 160)),
    area: nullable(optional('the area', 80)),
    city: required('the city', 80),
    region: nullable(optional('the state or region', 80)),
    latitude: coordinate('latitude', 90),
    longitude: coordinate('longitude', 180),
    mapHref: webAddress('the map link').transform((v) => v || null),
    status: str.pipe(z.enum(['open', 'planned'], { error: 'Please choose whether it is open or planned.' })),
    hours: z.array(z.object({ weekday: z.number(), opens: time('the opening time'), closes: time('the closing time') })),
    order,
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null)) ctx.addIssue({ code: 'custom', path: [v.latitude === null ? 'latitude' : 'longitude'], message: 'Please give both the latitude and the longitude, or neither.' });
    for (const h of v.hours) {
      if (!h.opens && !h.closes) continue;
      if (!h.opens || !h.closes) ctx.addIssue({ code: 'custom', path: ['hours', h.weekday, h.opens ? 'closes' : 'opens'], message: `Please give both times for ${WEEKDAYS[h.weekday]}, or neither (closed).` });
      else if (h.closes <= h.opens) ctx.addIssue({ code: 'custom', path: ['hours', h.weekday, 'closes'], message: `${WEEKDAYS[h.weekday]} must close after it opens.` });
    }
  })
  .transform((v) => ({ ...v, hours: v.hours.filter((h) => h.opens && h.closes) }));

const location: KindSpec<'location'> = {
  id: 'location',
  label: 'Location',
  plural: 'Locations and opening hours',
  intro: 'Where the clinic is (the footer, contact page, map and structured data) and when it is open (the booking keeps inside these hours).',
  fields: [
    { type: 'text', name: 'name', label: 'Name, as people say it', required: true, max: 80 },
    { type: 'select', name: 'status', label: 'Status', required: true, options: [{ value: 'open', label: 'Open' }, { value: 'planned', label: 'Planned (opening soon)' }] },
    { type: 'text', name: 'street', label: 'Street address', max: 160 },
    { type: 'text', name: 'area', label: 'Area', max: 80 },
    { type: 'text', name: 'city', label: 'City', required: true, max: 80 },
    { type: 'text', name: 'region', label: 'State or region', max: 80 },
    { type: 'text', name: 'latitude', label: 'Map position: latitude', inputMode: 'decimal', hint: 'e.g. 9.0796 (from the map app: press and hold the place).' },
    { type: 'text', name: 'longitude', label: 'Map position: longitude', inputMode: 'decimal', hint: 'e.g. 7.4699.' },
    { type: 'url', name: 'mapHref', label: 'Link to the map', hint: 'https://… (OpenStreetMap or Google Maps).' },
    { type: 'hours', name: 'hours', label: 'Opening hours', hint: 'Leave both times empty on a day it is closed.' },
    { type: 'number', name: 'order', label: 'Order', min: 0, max: 9999, required: true },
  ],
  parse: (values) =>
    parseWith(
      locationSchema,
      {
        ...flat(values, ['name', 'street', 'area', 'city', 'region', 'latitude', 'longitude', 'mapHref', 'status', 'order']),
        hours: WEEKDAYS.map((_, weekday) => ({ weekday, opens: single(values, `hours.${weekday}.opens`), closes: single(values, `hours.${weekday}.closes`) })),
      },
      (path) => (path[0] === 'hours' ? `hours.${String(path[1])}.${String(path[2] ?? 'opens')}` : String(path[0] ?? '_form')),
    ),
  toValues: (d) => {
    const values: FormValues = {
      name: d.name,
      street: d.street ?? '',
      area: d.area ?? '',
      city: d.city,
      region: d.region ?? '',
      latitude: d.latitude === null ? '' : String(d.latitude),
      longitude: d.longitude === null ? '' : String(d.longitude),
      mapHref: d.mapHref ?? '',
      status: d.status,
      order: String(d.order),
    };
    for (const h of d.hours) {
      values[`hours.${h.weekday}.opens`] = h.opens;
      values[`hours.${h.weekday}.closes`] = h.closes;
    }
    return values;
  },
  title: (d) => d.name,
  path: () => '/contact',
  blank: { status: 'planned', order: '100' },
};

export const weekdayNames = WEEKDAYS;

// ---------------------------------------------------------------------------------- details

const phoneNumber = (what: string, isRequired: boolean) =>
  str.pipe(
    z.string().transform((v, ctx) => {
      if (!v) {
        if (isRequired) ctx.addIssue({ code: 'custom', message: `Please enter ${what}.` });
        return null;
      }
      const e164 = toE164Nigeria(v);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: `Please enter ${what} as a Nigerian number, like 0803 123 4567 or +234 803 123 4567.` });
        return z.NEVER;
      }
      return { display: formatE164Nigeria(e164), e164 };
    }),
  );

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['x', 'X'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
] as const;

const detailsSchema = z
  .object({
    email: email(true),
    phone1: phoneNumber('the main phone number', true),
    phone2: phoneNumber('the second phone number', true),
    whatsapp: phoneNumber('the WhatsApp number', false),
    emergencyNotice: required('the emergency notice', 200),
    ...Object.fromEntries(SOCIAL.map(([key, name]) => [key, webAddress(`the ${name} page`)])),
  })
  .transform(
    (v): DetailsDoc => ({
      email: v.email,
      phones: [v.phone1!, v.phone2!],
      whatsapp: v.whatsapp,
      emergencyNotice: v.emergencyNotice,
      social: SOCIAL.filter(([key]) => (v as unknown as Record<string, string>)[key]).map(([key, name]) => ({ name, href: (v as unknown as Record<string, string>)[key]! })),
    }),
  );

const details: KindSpec<'details'> = {
  id: 'details',
  label: 'Clinic details',
  plural: 'Clinic details',
  intro: 'How to reach the clinic, in one place: the header, footer, contact page, search engines’ data, mails and messages all show these.',
  single: true,
  fields: [
    { type: 'email', name: 'email', label: 'E-mail address', required: true },
    { type: 'tel', name: 'phone1', label: 'Main phone number', required: true, hint: 'The “Call” buttons dial it.' },
    { type: 'tel', name: 'phone2', label: 'Second phone number', required: true },
    { type: 'tel', name: 'whatsapp', label: 'WhatsApp number', hint: 'Leave empty if the clinic does not answer on WhatsApp.' },
    { type: 'text', name: 'emergencyNotice', label: 'Emergency notice', required: true, max: 200, hint: 'One sentence, e.g. “Not for emergencies: call 112.”' },
    ...SOCIAL.map(([key, name]): FieldSpec => ({ type: 'url', name: key, label: `${name} page`, hint: 'https://… or empty.' })),
  ],
  parse: (values) => parseWith(detailsSchema, flat(values, ['email', 'phone1', 'phone2', 'whatsapp', 'emergencyNotice', ...SOCIAL.map(([k]) => k)])),
  toValues: (d) => ({
    email: d.email,
    phone1: d.phones[0].display,
    phone2: d.phones[1].display,
    whatsapp: d.whatsapp?.display ?? '',
    emergencyNotice: d.emergencyNotice,
    ...Object.fromEntries(SOCIAL.map(([key, name]) => [key, d.social.find((s) => s.name === name)?.href ?? ''])),
  }),
  title: () => 'Clinic details',
  path: () => '/contact',
  blank: {},
};

// ------------------------------------------------------------------------------------- post

const postSchema = z.object({
  title: required('the title', 140),
  slug: slugField,
  excerpt: required('a short excerpt', 400),
  body: richField,
  cover: pictureFields(true),
  category: required('a category', 40),
  tags: tagsField,
  authorId: str.pipe(z.string().min(1, 'Please choose the author.')),
  publishAt: abujaMomentField,
  commentsOpen: boolField,
});

const post: KindSpec<'post'> = {
  id: 'post',
  label: 'Post',
  plural: 'Blog posts',
  intro: 'The blog: a post shows on the blog lists, the home pages’ news and in the sitemap once published.',
  fields: [
    { type: 'text', name: 'title', label: 'Title', required: true, max: 140 },
    { type: 'slug', name: 'slug', label: 'Address (slug)', required: true, hint: 'The post’s address is /blogDetails?post=<slug>. Renaming a published post keeps the old address working.' },
    { type: 'textarea', name: 'excerpt', label: 'Excerpt', required: true, rows: 3, max: 400, hint: 'Shown on the cards and to search engines.' },
    { type: 'rich', name: 'body', label: 'Text', required: true },
    { type: 'picture', name: 'cover', altName: 'coverAlt', label: 'Cover picture', required: true },
    { type: 'text', name: 'category', label: 'Category', required: true, max: 40, suggest: 'categories', hint: 'One of the blog’s categories, or a new one.' },
    { type: 'text', name: 'tags', label: 'Tags', hint: 'Separated by commas, e.g. Posture, Neck pain.' },
    { type: 'select', name: 'authorId', label: 'Author', required: true, from: 'authors', placeholder: 'Choose a team member' },
    { type: 'datetime', name: 'publishAt', label: 'Publish time (Abuja)', hint: 'Empty: when you publish. A later time: “Schedule” publishes it then, by itself.' },
    { type: 'checkbox', name: 'commentsOpen', label: 'Readers may comment' },
  ],
  parse: (values) => parseWith(postSchema, { ...flat(values, ['title', 'slug', 'excerpt', 'body', 'category', 'tags', 'authorId', 'publishAt', 'commentsOpen']), cover: pictureValues(values, 'cover', 'coverAlt') }, pictureField('cover', 'coverAlt')),
  toValues: (d) => ({
    title: d.title,
    slug: d.slug,
    excerpt: d.excerpt,
    body: JSON.stringify(d.body),
    cover: d.cover.src,
    coverAlt: d.cover.alt,
    category: d.category,
    tags: d.tags.join(', '),
    authorId: d.authorId,
    publishAt: abujaLocal(d.publishAt),
    commentsOpen: yes(d.commentsOpen),
  }),
  title: (d) => d.title,
  path: (d) => `/blogDetails?post=${encodeURIComponent(d.slug)}`,
  blank: { commentsOpen: 'yes', body: '' },
};

// -------------------------------------------------------------------------------------- faq

const faqSchema = z.object({ question: required('the question', 200), answer: required('the answer', 1500), order });

const faq: KindSpec<'faq'> = {
  id: 'faq',
  label: 'Question',
  plural: 'FAQ',
  intro: 'The frequently asked questions on the home pages (and in search engines’ data).',
  fields: [
    { type: 'text', name: 'question', label: 'Question', required: true, max: 200 },
    { type: 'textarea', name: 'answer', label: 'Answer', required: true, rows: 5, max: 1500 },
    { type: 'number', name: 'order', label: 'Order', min: 0, max: 9999, required: true, hint: 'Smaller numbers first; the first answer is shown open.' },
  ],
  parse: (values) => parseWith(faqSchema, flat(values, ['question', 'answer', 'order'])),
  toValues: (d) => ({ question: d.question, answer: d.answer, order: String(d.order) }),
  title: (d) => d.question,
  path: () => '/homeTwo',
  blank: { order: '100' },
};

// -------------------------------------------------------------------------- gallery, portfolio

/** The categories (the gallery's filter buttons), as the specification spells them. */
export const GALLERY_CATEGORIES = {
  gallery: [
    { value: 'dental', label: 'Dental' },
    { value: 'neurology', label: 'Neurology' },
    { value: 'surgery', label: 'Surgery' },
    { value: 'medicin', label: 'Medicine' },
  ],
  portfolio: [
    { value: 'care', label: 'Care' },
    { value: 'dental', label: 'Dental' },
    { value: 'medical', label: 'Medical' },
    { value: 'surgery', label: 'Surgery' },
  ],
} as const;

function galleryKind<K extends 'gallery' | 'portfolio'>(id: K, plural: string, intro: string, path: string): KindSpec<K> {
  const categories = GALLERY_CATEGORIES[id];
  const schema = z.object({
    picture: pictureFields(true),
    caption: required('a caption', 140),
    category: str.pipe(z.enum(categories.map((c) => c.value) as [string, ...string[]], { error: 'Please choose a category (the filters).' })),
    order,
  });
  return {
    id,
    label: 'Picture',
    plural,
    intro,
    fields: [
      { type: 'picture', name: 'picture', altName: 'pictureAlt', label: 'Picture', required: true },
      { type: 'text', name: 'caption', label: 'Caption', required: true, max: 140 },
      { type: 'select', name: 'category', label: 'Category (the filter it shows under)', required: true, options: categories, placeholder: 'Choose a category' },
      { type: 'number', name: 'order', label: 'Order', min: 0, max: 9999, required: true, hint: 'Smaller numbers first.' },
    ],
    parse: (values) => parseWith(schema, { ...flat(values, ['caption', 'category', 'order']), picture: pictureValues(values, 'picture', 'pictureAlt') }, pictureField('picture', 'pictureAlt')) as Parsed<DocOf[K]>,
    toValues: (d) => ({ picture: d.picture.src, pictureAlt: d.picture.alt, caption: d.caption, category: d.category, order: String(d.order) }),
    title: (d) => d.caption,
    path: () => path,
    blank: { order: '100' },
  };
}

/** The field a new item starts from (its name, title, question or caption): the kind's first text field. */
export function titleFieldOf(spec: { fields: readonly FieldSpec[] }): FieldSpec {
  return spec.fields.find((f) => f.type === 'text') ?? spec.fields[0]!;
}

export const KINDS: { readonly [K in KindId]: KindSpec<K> } = {
  service,
  practitioner,
  location,
  details,
  post,
  faq,
  gallery: galleryKind('gallery', 'Gallery', 'The filterable gallery of the home page (/homeFive): each picture under one of its filters.', '/homeFive'),
  portfolio: galleryKind('portfolio', 'Portfolio', 'The portfolio pages’ pictures (/portfolioTwoColumn, /portfolioThreeColumn, /portfolioSlider), each under one of the filters.', '/portfolioThreeColumn'),
};

export function kindSpec<K extends KindId>(kind: K): KindSpec<K> {
  return KINDS[kind];
}

/** The fields whose value differs between two documents of a kind (by the form's view of them), by label. */
export function changedFields<K extends KindId>(kind: K, before: DocOf[K] | null, after: DocOf[K]): string[] {
  const spec = kindSpec(kind);
  const a = before ? spec.toValues(before) : {};
  const b = spec.toValues(after);
  const changed: string[] = [];
  for (const field of spec.fields) {
    const names = field.type === 'picture' ? [field.name, field.altName] : field.type === 'hours' ? Object.keys({ ...a, ...b }).filter((k) => k.startsWith('hours.')) : [field.name];
    if (names.some((n) => JSON.stringify(a[n] ?? '') !== JSON.stringify(b[n] ?? ''))) changed.push(field.label);
  }
  return changed;
}
