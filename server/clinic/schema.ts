import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import type { ClinicDetails } from '../../shared/content/site';
import type { MediaPicture } from '../../shared/platform/media';
import type { SiteImage } from '../../shared/platform/site-image';
import type { RichTextDoc } from '../../shared/platform/rich-text';

// Drizzle's view of the clinic's tables (server/platform/db/migrations/0002_clinic.sql and 0009_publishing.sql are the source of truth).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  street: text('street'),
  area: text('area'),
  city: text('city').notNull(),
  region: text('region'),
  countryCode: text('country_code').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  mapHref: text('map_href'),
  timeZone: text('time_zone').notNull(),
  status: text('status', { enum: ['open', 'planned'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const openingHours = pgTable(
  'opening_hours',
  {
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.weekday, t.opens] })],
);

export const services = pgTable('services', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  firstVisitMinutes: integer('first_visit_minutes').notNull(),
  followUpMinutes: integer('follow_up_minutes').notNull(),
  bufferMinutes: integer('buffer_minutes').notNull().default(0),
  priceNgn: integer('price_ngn'),
  body: jsonb('body').$type<RichTextDoc>(),
  points: text('points').array().notNull().default([]),
  picture: jsonb('picture').$type<SiteImage>(),
  bookableOnline: boolean('bookable_online').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const practitioners = pgTable('practitioners', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  bio: text('bio').notNull(),
  portraitSrc: text('portrait_src').notNull(),
  portraitWidth: integer('portrait_width').notNull(),
  portraitHeight: integer('portrait_height').notNull(),
  portraitAlt: text('portrait_alt').notNull(),
  bookable: boolean('bookable').notNull().default(false),
  visible: boolean('visible').notNull().default(true),
  portraitMedia: jsonb('portrait_media').$type<MediaPicture>(),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const practitionerServices = pgTable(
  'practitioner_services',
  {
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.serviceId] })],
);

export const clinicDetails = pgTable('clinic_details', {
  id: boolean('id').primaryKey().default(true),
  data: jsonb('data').$type<ClinicDetails>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const faqs = pgTable('faqs', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
