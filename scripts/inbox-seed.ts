import { sql } from 'drizzle-orm';
import type { Store } from '../server/platform/db/store';
import { queryRows } from '../server/platform/db/db';
import { KINDS, REFERENCE_ALPHABET, REQUEST_KINDS } from '../shared/requests/kinds';

// Names as the clinic's patients have them (Yoruba, Igbo, Hausa and others): 60 × 60 full
// names; quotes and newsletter sign-ups carry none, so a surname matches about 1.3 % of the
// requests and a full name about 0.02 %.
export const FIRST_NAMES = [
  'Adebayo', 'Adaeze', 'Aisha', 'Amina', 'Bola', 'Chidi', 'Chiamaka', 'Chinedu', 'Damilola', 'Ebere', 'Emeka', 'Esther', 'Fatima', 'Folake', 'Funmilayo', 'Garba',
  'Habiba', 'Halima', 'Ibrahim', 'Ifeanyi', 'Ifeoma', 'Ijeoma', 'Kemi', 'Kunle', 'Ladi', 'Lola', 'Maryam', 'Musa', 'Nkechi', 'Ngozi', 'Nneka', 'Obinna',
  'Olumide', 'Oluwaseun', 'Onyeka', 'Rukayat', 'Sade', 'Samuel', 'Segun', 'Sule', 'Tayo', 'Temitope', 'Tobi', 'Tunde', 'Uche', 'Usman', 'Victoria', 'Wale',
  'Yakubu', 'Yemi', 'Yetunde', 'Zainab', 'Abdullahi', 'Blessing', 'Chioma', 'Danjuma', 'Efosa', 'Gift', 'Hauwa', 'Joy',
];
export const LAST_NAMES = [
  'Abubakar', 'Adeyemi', 'Adewale', 'Afolabi', 'Agbaje', 'Akinola', 'Aliyu', 'Anyanwu', 'Azikiwe', 'Balogun', 'Bello', 'Chukwu', 'Danladi', 'Eze', 'Ezeani', 'Fashola',
  'Ibekwe', 'Idris', 'Igwe', 'Ikenna', 'Jibril', 'Kalu', 'Lawal', 'Mohammed', 'Musa', 'Nnamdi', 'Nwachukwu', 'Nwankwo', 'Obi', 'Odili', 'Ogunleye', 'Okafor',
  'Okeke', 'Okonkwo', 'Okoro', 'Olaniyan', 'Olawale', 'Onyekachi', 'Oyelaran', 'Sani', 'Shehu', 'Suleiman', 'Tinubu', 'Udeh', 'Umar', 'Usman', 'Uzor', 'Yusuf',
  'Adamu', 'Bakare', 'Dike', 'Ekwueme', 'Gambo', 'Ilori', 'Mbah', 'Nwosu', 'Ojo', 'Oyeleke', 'Salami', 'Zubairu',
];

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/**
 * Adds `count` requests, as a clinic would have them after two years: spread evenly over the
 * last 730 days (newest last), kinds in the forms' proportions, statuses by age (new for three
 * days, in progress for a month, then closed, with some booked and spam), names from the lists
 * above, e-mail addresses and Nigerian mobile numbers where the form asks for them, and a
 * 'created' history line each. One INSERT … SELECT over generate_series per batch (PostgreSQL
 * does the work; nothing passes through Node), then VACUUM (ANALYZE).
 */
export async function seedRequests(store: Store, count: number, onProgress: (done: number) => void = () => {}, batch = 100_000): Promise<void> {
  // Numbers past the rows already there keep references and addresses unique across runs.
  const [{ start } = { start: 0 }] = await queryRows<{ start: number }>(store.db, sql`SELECT coalesce(max(id), 0)::bigint AS start FROM requests`);
  const first = Number(start) + 1;
  // A database from before migration 0004 wants every request to hold an idempotency key.
  const [column] = await queryRows<{ nullable: string }>(store.db, sql`SELECT is_nullable AS nullable FROM information_schema.columns WHERE table_name = 'requests' AND column_name = 'idempotency_key'`);
  const keyOf = column?.nullable === 'YES' ? sql`NULL` : sql`'seed-' || g`;
  const kinds = sql.raw(`ARRAY[${[...Array(8).fill('appointment'), ...Array(5).fill('contact'), 'quote', 'quote', 'newsletter', 'newsletter', 'comment', 'order', 'order'].map((k) => `'${k}'`).join(',')}]::text[]`);
  const prefixes = sql.raw(`jsonb_build_object(${KINDS.map((k) => `'${k}', '${REQUEST_KINDS[k].prefix}'`).join(', ')})`);
  const spanS = 730 * 86_400;
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch);
    await store.db.transaction(async (tx) => {
      await tx.execute(sql`
        WITH inserted AS (
        INSERT INTO requests (reference, kind, status, idempotency_key, name, email, phone, payload, created_at, updated_at, closed_at, visit_at)
        SELECT
          (${prefixes} ->> r.kind) || '-' || r.code,
          r.kind, r.status, ${keyOf},
          CASE WHEN r.kind IN ('quote', 'newsletter') THEN NULL ELSE r.first || ' ' || r.last END,
          CASE WHEN r.kind IN ('appointment', 'quote') AND g % 3 <> 0 THEN NULL ELSE lower(r.first) || '.' || lower(r.last) || g || '@example.com' END,
          CASE WHEN r.kind IN ('newsletter', 'comment') THEN NULL
               ELSE '+234' || (ARRAY['803','806','810','813','816','703','706','805','807','815','905'])[1 + g % 11] || lpad(((g * 7919) % 10000000)::text, 7, '0') END,
          CASE r.kind WHEN 'contact' THEN jsonb_build_object('subject', 'Opening hours', 'message', 'Seeded message ' || g)
                      WHEN 'comment' THEN jsonb_build_object('postId', 'posture-at-work', 'comment', 'Seeded comment ' || g)
                      ELSE '{}'::jsonb END,
          r.at, r.at,
          CASE WHEN r.status IN ('closed', 'spam') THEN r.at + interval '2 days' END,
          CASE WHEN r.status = 'booked' THEN r.at + interval '5 days' END
        FROM generate_series(${first + from}::bigint, ${first + to - 1}::bigint) AS g,
        LATERAL (
          SELECT
            (${kinds})[1 + g % 20] AS kind,
            (${textArray(FIRST_NAMES)})[1 + (g * 31) % ${FIRST_NAMES.length}] AS first,
            (${textArray(LAST_NAMES)})[1 + (g * 17 / 7) % ${LAST_NAMES.length}] AS last,
            age,
            now() - age AS at,
            CASE WHEN age < interval '3 days' THEN 'new'
                 WHEN age < interval '30 days' THEN (ARRAY['new', 'contacted', 'booked'])[1 + g % 3]
                 WHEN (g * 37) % 100 < 5 THEN 'spam' WHEN (g * 53) % 100 < 10 THEN 'booked' ELSE 'closed' END AS status,
            ${sql.join([0, 1, 2, 3, 4].map((k) => sql.raw(`substr('${REFERENCE_ALPHABET}', (((g * 2654435761) % 33554432) >> ${5 * k})::int % 32 + 1, 1)`)), sql.raw(' || '))} AS code
          FROM (SELECT make_interval(secs => (${first + count - 1}::bigint - g)::double precision * ${spanS / count}) AS age) a
        ) r
        ON CONFLICT (reference) DO NOTHING
        RETURNING id, created_at)
        INSERT INTO request_events (request_id, at, actor, action, to_status)
        SELECT id, created_at, 'visitor', 'created', 'new' FROM inserted`);
    });
    onProgress(to);
  }
  // Statistics for the planner, and the visibility map for index-only scans (the count), as
  // autovacuum would leave them on a database that grew over two years.
  await store.db.execute(sql`VACUUM (ANALYZE) requests`);
  await store.db.execute(sql`VACUUM (ANALYZE) request_events`);
}
