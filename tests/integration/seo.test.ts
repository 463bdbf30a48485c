import jsonld from 'jsonld';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { doctors, facts, hours, location, principalDoctor, services } from '../support/clinic-facts';
import { faqs } from '../../shared/content/faq';
import { posts } from '../../shared/content/posts';
import { products } from '../../shared/content/products';
import { site } from '../../shared/content/site';
import { pages } from '../../shared/app/routes';
import { ConfigError, loadConfig } from '../../server/app/config';
import { hasRouteCard } from '../../shared/app/seo/social-cards';
import { makeTestApp } from '../support/test-app';

const app = makeTestApp();
const ORIGIN = 'http://localhost:3000';

/**
 * A page of `app` as a visitor's plain GET gets it (no cookies: the same answer each time),
 * rendered once for the file: the sitemap walk, the social cards, the canonical links and both
 * JSON-LD checks read the same pages (each page was rendered five times, a minute and a half of
 * the run on a loaded machine).
 */
const renders = new Map<string, Promise<request.Response>>();
function rendered(path: string): Promise<request.Response> {
  let page = renders.get(path);
  if (!page) renders.set(path, (page = request(app).get(path).then((res) => res)));
  return page;
}

/** Every route of the table with a sample value for its parameter. */
// Public pages; signed-in, staff and one-time-link pages are noindex and have their own tests.
const publicPages = pages.filter((p) => !p.handle?.private);
const routePaths = publicPages.map((p) => p.path.replace(':id', '2'));

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (head: string, attr: 'property' | 'name', key: string) => {
  const m = new RegExp(`<meta ${attr}="${key.replace(/:/g, ':')}" content="([^"]*)">`).exec(head);
  return m ? unescape(m[1]!) : undefined;
};
const canonicalOf = (html: string) => [...headOf(html).matchAll(/<link rel="canonical" href="([^"]+)">/g)].map((m) => unescape(m[1]!));

type Node = Record<string, unknown>;

function jsonLdOf(html: string): { context: unknown; nodes: Node[]; scripts: string[] } {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts, 'one JSON-LD block').toHaveLength(1);
  const doc = JSON.parse(scripts[0]![2]!) as { '@context': unknown; '@graph': Node[] };
  return { context: doc['@context'], nodes: doc['@graph'], scripts: scripts.map((s) => s[1]!) };
}

/**
 * The schema.org types the site uses: properties a node must have (required) and the only
 * properties it may have (the type's own and inherited ones that we use, as schema.org defines
 * them). Nested values are checked against their own type.
 */
const TYPES: Record<string, { required: string[]; allowed: string[] }> = {
  MedicalClinic: {
    required: ['name', 'url', 'address', 'geo', 'telephone', 'email', 'openingHoursSpecification'],
    allowed: ['@id', 'alternateName', 'description', 'logo', 'image', 'foundingDate', 'hasMap', 'medicalSpecialty', 'isAcceptingNewPatients', 'sameAs'],
  },
  PostalAddress: { required: ['streetAddress', 'addressLocality', 'addressCountry'], allowed: ['addressRegion', 'postalCode'] },
  GeoCoordinates: { required: ['latitude', 'longitude'], allowed: [] },
  OpeningHoursSpecification: { required: ['dayOfWeek', 'opens', 'closes'], allowed: [] },
  // IndividualPhysician is schema.org's Physician for one person (a subtype of Physician).
  IndividualPhysician: { required: ['name', 'practicesAt'], allowed: ['@id', 'description', 'image', 'url', 'medicalSpecialty', 'knowsLanguage', 'hasCredential'] },
  EducationalOccupationalCredential: { required: ['name'], allowed: ['credentialCategory'] },
  Person: { required: ['name'], allowed: ['@id', 'description', 'image', 'url', 'jobTitle', 'worksFor'] },
  Service: { required: ['name', 'provider', 'description'], allowed: ['@id', 'url', 'image', 'serviceType', 'category', 'areaServed'] },
  City: { required: ['name'], allowed: [] },
  BlogPosting: {
    required: ['headline', 'image', 'datePublished', 'author', 'publisher'],
    allowed: ['@id', 'description', 'dateModified', 'mainEntityOfPage', 'url', 'articleSection', 'keywords', 'inLanguage', 'timeRequired'],
  },
  BreadcrumbList: { required: ['itemListElement'], allowed: ['@id'] },
  ListItem: { required: ['position', 'name', 'item'], allowed: [] },
  FAQPage: { required: ['mainEntity'], allowed: ['@id', 'url'] },
  Question: { required: ['name', 'acceptedAnswer'], allowed: [] },
  Answer: { required: ['text'], allowed: [] },
};

/** Checks one node (and what it contains) against the table; returns the problems. */
function validate(node: unknown, where: string, ids: Set<string>, problems: string[]) {
  if (Array.isArray(node)) return node.forEach((n, i) => validate(n, `${where}[${i}]`, ids, problems));
  if (typeof node !== 'object' || node === null) return;
  const n = node as Node;
  const type = n['@type'];
  if (type === undefined) {
    // A reference to a node of the graph.
    if (Object.keys(n).join() === '@id') {
      if (!ids.has(n['@id'] as string)) problems.push(`${where}: dangling reference ${String(n['@id'])}`);
      return;
    }
    problems.push(`${where}: object without @type`);
    return;
  }
  const spec = typeof type === 'string' ? TYPES[type] : undefined;
  if (!spec) return void problems.push(`${where}: type ${JSON.stringify(type)} not in the table`);
  for (const key of spec.required) {
    const v = n[key];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) problems.push(`${where} ${type}: missing ${key}`);
  }
  const allowed = new Set(['@type', ...spec.required, ...spec.allowed]);
  for (const key of Object.keys(n)) if (!allowed.has(key)) problems.push(`${where} ${type}: unexpected property ${key}`);
  for (const [key, value] of Object.entries(n)) {
    if (key.startsWith('@')) continue;
    if (/^(url|logo|image|mainEntityOfPage|hasMap|sameAs)$/.test(key)) {
      for (const u of [value].flat()) if (typeof u !== 'string' || !/^https?:\/\//.test(u)) problems.push(`${where} ${type}.${key}: not an absolute URL`);
    }
    // Links that schema.org's context does not make IRIs by itself: a reference to a page or an enumeration member.
    if (/^(item|dayOfWeek|medicalSpecialty)$/.test(key)) {
      const prefix = key === 'item' ? /^https?:\/\// : /^https:\/\/schema\.org\/[A-Z]\w+$/;
      for (const u of [value].flat()) {
        const iri = typeof u === 'object' && u !== null && Object.keys(u).join() === '@id' ? (u as Node)['@id'] : undefined;
        if (typeof iri !== 'string' || !prefix.test(iri)) problems.push(`${where} ${type}.${key}: not a {"@id": IRI} link`);
      }
      continue;
    }
    if (/^date/.test(key) && !/^\d{4}-\d{2}-\d{2}/.test(String(value))) problems.push(`${where} ${type}.${key}: not an ISO date`);
    validate(value, `${where}.${key}`, ids, problems);
  }
}

function validateGraph(html: string): { nodes: Node[]; problems: string[] } {
  const { context, nodes } = jsonLdOf(html);
  const problems: string[] = [];
  if (context !== 'https://schema.org') problems.push(`@context is ${String(context)}`);
  const ids = new Set(nodes.map((n) => n['@id'] as string).filter(Boolean));
  nodes.forEach((n, i) => validate(n, `@graph[${i}]`, ids, problems));
  const text = JSON.stringify(nodes);
  if (/"(review|aggregateRating)"/.test(text)) problems.push('review or aggregateRating about the clinic');
  return { nodes, problems };
}

const ofType = (nodes: Node[], type: string) => nodes.filter((n) => n['@type'] === type);

/** The breadcrumb the page shows, as [name, absolute URL of a link or undefined]. */
function visibleCrumbs(html: string): [string, string | undefined][] {
  const nav = /<nav aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(html)?.[1];
  if (!nav) return [];
  return [...nav.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => {
    const href = /href="([^"]+)"/.exec(m[1]!)?.[1];
    return [unescape(m[1]!.replace(/<[^>]+>/g, '')), href ? ORIGIN + href : undefined];
  });
}

describe('PUBLIC_ORIGIN', () => {
  it('defaults to http://localhost:$PORT, drops a trailing slash, and refuses a path or another scheme', () => {
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4100' }).publicOrigin).toBe('http://localhost:4100');
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://clinic.example.com/' }).publicOrigin).toBe('https://clinic.example.com');
    for (const bad of ['clinic.example.com', 'https://clinic.example.com/site', 'ftp://clinic.example.com']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: bad }), bad).toThrow(ConfigError);
    }
  });

  it('absolute URLs follow it, whatever the Host header says', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://clinic.example.com' });
    const other = makeTestApp({ config });
    const res = await request(other).get('/about').set('Host', 'evil.example');
    expect(canonicalOf(res.text)).toEqual(['https://clinic.example.com/about']);
    expect((await request(other).get('/robots.txt')).text).toContain('Sitemap: https://clinic.example.com/sitemap.xml');
    expect((await request(other).get('/sitemap.xml')).text).toContain('<loc>https://clinic.example.com/</loc>');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('robots.txt names the sitemap with an absolute URL', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /api/');
  });

  it('lists every public route once, dynamic routes expanded, with lastmod from content dates', async () => {
    const res = await request(app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const entries = [...res.text.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => ({ loc: unescape(m[1]!), lastmod: m[2] }));
    expect(entries.length).toBe(res.text.match(/<url>/g)!.length);
    const locs = entries.map((e) => e.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const expected = [
      ...publicPages.filter((p) => !p.path.includes(':') && p.path !== '/home' && p.path !== '/servicesDetails').map((p) => ORIGIN + p.path),
      ...services.map((s) => `${ORIGIN}/service-detail/${s.id}`),
      ...posts.map((p) => `${ORIGIN}/blogDetails?post=${p.slug}`),
      ...products.map((p) => `${ORIGIN}/shopDetails?product=${p.slug}`),
    ];
    expect([...locs].sort()).toEqual([...expected].sort());
    // Staff and one-time-link pages are for no search engine (and their head carries no SEO tags: tests/integration/server-seam.test.tsx).
    for (const p of pages.filter((r) => r.handle?.private)) expect(locs).not.toContain(ORIGIN + p.path);
    const robots = await request(app).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /staff');
    // Aliases are listed under their canonical address only.
    expect(locs).not.toContain(`${ORIGIN}/home`);
    expect(locs).not.toContain(`${ORIGIN}/servicesDetails`);

    for (const p of posts) expect(entries.find((e) => e.loc === `${ORIGIN}/blogDetails?post=${p.slug}`)?.lastmod).toBe(p.date);
    for (const p of products) expect(entries.find((e) => e.loc === `${ORIGIN}/shopDetails?product=${p.slug}`)?.lastmod).toBe(p.dateAdded);
    const newest = posts.map((p) => p.date).sort().at(-1);
    expect(entries.find((e) => e.loc === `${ORIGIN}/blogs`)?.lastmod).toBe(newest);
    for (const e of entries) if (e.lastmod) expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  // Renders every route: 14 s on a heavily loaded machine, close to the 20 s default.
  it('every address in the sitemap answers 200 and names itself as canonical', { timeout: 60_000 }, async () => {
    const res = await request(app).get('/sitemap.xml');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1]!));
    for (const loc of locs) {
      const page = await rendered(loc.slice(ORIGIN.length));
      expect(page.status, loc).toBe(200);
      expect(canonicalOf(page.text), loc).toEqual([loc]);
    }
  });
});

describe('canonical links, Open Graph and Twitter cards', () => {
  it.each(routePaths)('%s has one absolute canonical link and a complete social card in the head', async (path) => {
    const res = await rendered(path);
    expect(res.status).toBe(200);
    const head = headOf(res.text);
    const canonical = canonicalOf(res.text);
    expect(canonical).toHaveLength(1);
    expect(res.text.match(/rel="canonical"/g)).toHaveLength(1);
    expect(canonical[0]).toMatch(new RegExp(`^${ORIGIN}/`));
    const title = /<title>([^<]+) \| /.exec(head)?.[1];
    expect(metaContent(head, 'property', 'og:title')).toBe(title && unescape(title));
    expect(metaContent(head, 'property', 'og:description')).toBe(unescape(/<meta name="description" content="([^"]+)">/.exec(head)![1]!));
    expect(metaContent(head, 'property', 'og:url')).toBe(canonical[0]);
    expect(metaContent(head, 'property', 'og:site_name')).toBe(site.name);
    expect(metaContent(head, 'property', 'og:type')).toMatch(/^(website|article)$/);
    expect(metaContent(head, 'property', 'og:image')).toMatch(new RegExp(`^${ORIGIN}/og/[a-z0-9-]+\\.png$`));
    expect(metaContent(head, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(head, 'property', 'og:image:height')).toBe('630');
    expect(metaContent(head, 'property', 'og:image:alt')).toBeTruthy();
    expect(metaContent(head, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(head, 'name', 'twitter:image')).toBe(metaContent(head, 'property', 'og:image'));
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('every route of the table has a card of its own choosing', () => {
    for (const p of publicPages) expect(hasRouteCard(p.path), p.path).toBe(true);
  });

  it('/home names / as canonical; /servicesDetails names /service-detail/1; content parameters stay, sorting and search go', async () => {
    const cases: [string, string][] = [
      ['/home', '/'],
      ['/', '/'],
      ['/servicesDetails', '/service-detail/1'],
      ['/shop?sort=a-z&view=list', '/shop'],
      [`/blogDetailsAudio?post=${posts[2]!.slug}`, `/blogDetailsAudio?post=${posts[2]!.slug}`],
      ['/blogs?page=2', '/blogs?page=2'],
      ['/blogs?page=1', '/blogs'],
      ['/blogs?q=neck', '/blogs'],
      ['/blogs?tag=Posture', '/blogs?tag=Posture'],
      ['/shopDetails?product=yoga-mat', '/shopDetails?product=yoga-mat'],
    ];
    for (const [path, expected] of cases) expect(canonicalOf((await rendered(path)).text), path).toEqual([ORIGIN + expected]);
  });

  it('a post and a product get their own picture as card; a 404 gets noindex and no canonical', async () => {
    const post = posts[4]!;
    const postHead = headOf((await rendered(`/blogDetails?post=${post.slug}`)).text);
    expect(metaContent(postHead, 'property', 'og:type')).toBe('article');
    expect(metaContent(postHead, 'property', 'og:image')).toBe(`${ORIGIN}/og/${post.img.src.slice('/images/'.length).replace('.svg', '').replace(/\//g, '-')}.png`);
    const productHead = headOf((await rendered('/shopDetails?product=yoga-mat')).text);
    expect(metaContent(productHead, 'property', 'og:image')).toBe(`${ORIGIN}/og/products-product-9.png`);
    const missing = await request(app).get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<meta name="robots" content="noindex">');
    expect(canonicalOf(missing.text)).toEqual([]);
  });

  // Renders every route and draws every card (resvg): 4 s on a loaded machine, 14 s with the e2e suite beside it.
  it('the card images answer as 1200×630 PNGs', { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    for (const path of routePaths) {
      const image = metaContent(headOf((await rendered(path)).text), 'property', 'og:image')!;
      seen.add(image.slice(ORIGIN.length));
    }
    for (const image of seen) {
      const res = await request(app).get(image).buffer(true);
      expect(res.status, image).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.body as Buffer;
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
    }
    expect((await request(app).get('/og/not-a-card.png')).status).toBe(404);
  });

  it('the web app manifest names the site, its theme colour and icons that exist at their sizes', async () => {
    const res = await request(app).get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as { name: string; short_name: string; theme_color: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: site.name, short_name: site.shortName, theme_color: '#0e5a63', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const png = (await request(app).get(icon.src).buffer(true)).body as Buffer;
      const size = Number(icon.sizes.split('x')[0]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([size, size]);
    }
  });
});

describe('structured data (JSON-LD)', () => {
  const extraPaths = [...posts.slice(0, 3).map((p) => `/blogDetailsVideo?post=${p.slug}`), ...services.map((s) => `/service-detail/${s.id}`)];

  it.each([...routePaths, ...extraPaths])('%s: parses, uses https://schema.org, and every node meets its type', async (path) => {
    const res = await rendered(path);
    const { nodes, problems } = validateGraph(res.text);
    expect(problems).toEqual([]);
    // The clinic, with its identity from shared/content/site.ts, on every page.
    const [clinic] = ofType(nodes, 'MedicalClinic');
    expect(clinic).toMatchObject({
      name: site.name,
      email: site.email,
      telephone: site.phones.map((p) => p.e164),
      address: { streetAddress: location.street, addressLocality: location.city, addressCountry: 'NG' },
      geo: { latitude: facts.locations[0]!.geo!.latitude, longitude: facts.locations[0]!.geo!.longitude },
    });
    // A breadcrumb in the data exactly where one shows, with the same names and links.
    const shown = visibleCrumbs(res.text);
    const [list] = ofType(nodes, 'BreadcrumbList');
    if (shown.length === 0) expect(list).toBeUndefined();
    else {
      const items = (list!.itemListElement as Node[]).map((i) => [i.name, (i.item as Node)['@id'], i.position]);
      const canonical = canonicalOf(res.text)[0];
      expect(items).toEqual(shown.map(([name, url], i) => [name, i === shown.length - 1 ? canonical : url, i + 1]));
    }
  });

  it('the JSON-LD block carries the response nonce, so the enforced CSP never flags it', async () => {
    const res = await rendered('/');
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1];
    expect(jsonLdOf(res.text).scripts[0]).toBe(` nonce="${nonce}"`);
  });

  it('the clinic: opening hours from the clinic’s data (the same as the pages show), no review stars', async () => {
    const { nodes } = validateGraph((await rendered('/contact')).text);
    const clinic = ofType(nodes, 'MedicalClinic')[0]!;
    expect(clinic.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => ({ '@id': `https://schema.org/${d}` })), opens: '08:00', closes: '22:00' },
    ]);
    expect(hours.time).toBe('08:00 am to 10:00 pm');
    expect(hours.closed).toBe('Saturday closed');
    expect(clinic).not.toHaveProperty('aggregateRating');
    expect(clinic).not.toHaveProperty('review');
  });

  it('the clinic in full on the pages about it, its identity elsewhere; the team where the page shows their biographies', async () => {
    const about = ['alternateName', 'description', 'image', 'foundingDate', 'hasMap', 'medicalSpecialty', 'isAcceptingNewPatients', 'sameAs'];
    for (const path of ['/', '/about', '/contact']) {
      const [clinic] = ofType(validateGraph((await rendered(path)).text).nodes, 'MedicalClinic');
      for (const key of about) expect(clinic, `${path} ${key}`).toHaveProperty(key);
      expect(clinic!.sameAs).toEqual(site.social.map((x) => x.href));
    }
    for (const path of ['/homeFive', '/blogs', '/services', '/book']) {
      const { nodes } = validateGraph((await rendered(path)).text);
      const [clinic] = ofType(nodes, 'MedicalClinic');
      // What identifies it (the rest of the table's required properties are checked on every route).
      expect(clinic).toMatchObject({ '@id': `${ORIGIN}/#clinic`, url: `${ORIGIN}/`, logo: `${ORIGIN}/icons/icon-512.png` });
      for (const key of about) expect(clinic, `${path} ${key}`).not.toHaveProperty(key);
    }
    for (const path of ['/', '/home', '/homeFour', '/about']) {
      const { nodes } = validateGraph((await rendered(path)).text);
      expect(nodes.filter((n) => n['@type'] === 'IndividualPhysician' || n['@type'] === 'Person'), path).toEqual([]);
    }
    const principal = ofType(validateGraph((await rendered('/doctorsTwo')).text).nodes, 'IndividualPhysician').find((p) => p.name === principalDoctor.name);
    expect(principal!.description).toContain(principalDoctor.bio);
  });

  it('/doctors: the team, clinicians as physicians practising at the clinic; /doctorDetails: the principal chiropractor', async () => {
    const team = validateGraph((await rendered('/doctors')).text).nodes;
    const people = team.filter((n) => n['@type'] === 'IndividualPhysician' || n['@type'] === 'Person');
    expect(people.map((p) => p.name)).toEqual(doctors.map((d) => d.name));
    expect(ofType(team, 'IndividualPhysician').map((p) => p.name)).toContain(principalDoctor.name);
    for (const p of ofType(team, 'IndividualPhysician')) expect(p.practicesAt).toEqual({ '@id': `${ORIGIN}/#clinic` });

    const profile = validateGraph((await rendered('/doctorDetails')).text).nodes;
    const [principal] = ofType(profile, 'IndividualPhysician');
    expect(principal).toMatchObject({ name: principalDoctor.name, url: `${ORIGIN}/doctorDetails` });
    expect(principal!.knowsLanguage).toContain('English');
  });

  it('/services: the five services, each provided by the clinic; a service page: its own service', async () => {
    const list = validateGraph((await rendered('/services')).text).nodes;
    expect(ofType(list, 'Service').map((s) => [s.name, s.url])).toEqual(services.map((s) => [s.title, `${ORIGIN}/service-detail/${s.id}`]));
    for (const s of ofType(list, 'Service')) expect(s.provider).toEqual({ '@id': `${ORIGIN}/#clinic` });
    const one = validateGraph((await rendered('/service-detail/3')).text).nodes;
    expect(ofType(one, 'Service').map((s) => s.name)).toEqual([services[2]!.title]);
  });

  it('blog details: a BlogPosting of the post shown, with its dates, author and the clinic as publisher', async () => {
    for (const post of [posts[0]!, posts[5]!]) {
      const res = await rendered(`/blogDetails?post=${post.slug}`);
      const [article] = ofType(validateGraph(res.text).nodes, 'BlogPosting');
      expect(article).toMatchObject({
        headline: post.title,
        datePublished: post.date,
        author: { '@type': 'Person', name: post.author },
        publisher: { '@id': `${ORIGIN}/#clinic` },
        mainEntityOfPage: `${ORIGIN}/blogDetails?post=${post.slug}`,
      });
    }
  });

  it('the FAQ: a FAQPage with the questions and answers the page shows', async () => {
    for (const path of ['/homeTwo', '/homeThree']) {
      const res = await rendered(path);
      const [faq] = ofType(validateGraph(res.text).nodes, 'FAQPage');
      const questions = (faq!.mainEntity as Node[]).map((q) => [q.name, (q.acceptedAnswer as Node).text]);
      expect(questions).toEqual(faqs.map((f) => [f.question, f.answer]));
      for (const f of faqs) expect(unescape(res.text.replace(/<!-- -->/g, ''))).toContain(f.question);
    }
    expect(ofType(validateGraph((await rendered('/about')).text).nodes, 'FAQPage')).toEqual([]);
  });
});

/**
 * The part of schema.org's published context (https://schema.org/docs/jsonldcontext.jsonld) for
 * the terms this site links with, served locally (no network in tests): properties whose range
 * includes URL are coerced to IRIs ("@type": "@id"); dayOfWeek (a DayOfWeek), medicalSpecialty
 * (a MedicalSpecialty) and a ListItem's item (a Thing) are not, so a plain string there is text.
 * Every other term falls to the vocabulary, as in the full context.
 */
const SCHEMA_CONTEXT = {
  '@context': {
    '@vocab': 'http://schema.org/',
    schema: 'http://schema.org/',
    ...Object.fromEntries(['url', 'image', 'logo', 'sameAs', 'hasMap', 'mainEntityOfPage'].map((term) => [term, { '@id': `schema:${term}`, '@type': '@id' }])),
    ...Object.fromEntries(['dayOfWeek', 'medicalSpecialty', 'item'].map((term) => [term, { '@id': `schema:${term}` }])),
  },
};

const localContexts = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`no network in tests: ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: SCHEMA_CONTEXT };
};

/** Every value of the expanded document under each property, walking the whole tree. */
function expandedValues(node: unknown, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (Array.isArray(node)) node.forEach((n) => expandedValues(n, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('@')) out.set(key, [...(out.get(key) ?? []), ...[value].flat()]);
      expandedValues(value, out);
    }
  }
  return out;
}

describe('structured data read by a JSON-LD processor (jsonld.js expand)', () => {
  const extraPaths = [...posts.slice(0, 1).map((p) => `/blogDetails?post=${p.slug}`), `/service-detail/${services[0]!.id}`];
  const links = ['http://schema.org/dayOfWeek', 'http://schema.org/medicalSpecialty', 'http://schema.org/item'];

  it.each([...routePaths, ...extraPaths])('%s: days, specialties and breadcrumb items are IRIs, and no URL is left as text', async (path) => {
    const html = (await rendered(path)).text;
    const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const expanded = await jsonld.expand(JSON.parse(block) as object, { documentLoader: localContexts });
    const values = expandedValues(expanded);
    // The clinic's hours are on every page.
    expect(values.get('http://schema.org/dayOfWeek')?.length).toBeGreaterThan(0);
    for (const property of links) {
      for (const value of values.get(property) ?? []) expect(value, property).toEqual({ '@id': expect.stringMatching(/^https?:\/\/\S+$/) });
    }
    const days = (values.get('http://schema.org/dayOfWeek') ?? []) as { '@id': string }[];
    for (const day of days) expect(day['@id']).toMatch(/^https:\/\/schema\.org\/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/);
    // No absolute URL anywhere read as a string literal.
    const literals = [...values.values()].flat().filter((v): v is { '@value': unknown } => typeof v === 'object' && v !== null && '@value' in v);
    expect(literals.length).toBeGreaterThan(0);
    expect(literals.map((v) => v['@value']).filter((v) => typeof v === 'string' && /^https?:\/\//.test(v))).toEqual([]);
  });

  it('the processor does read a plain string there as text (the fault the links avoid)', async () => {
    const expanded = await jsonld.expand({ '@context': 'https://schema.org', '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', url: 'https://clinic.example/' }, { documentLoader: localContexts });
    const values = expandedValues(expanded);
    expect(values.get('http://schema.org/dayOfWeek')).toEqual([{ '@value': 'https://schema.org/Monday' }]);
    expect(values.get('http://schema.org/url')).toEqual([{ '@id': 'https://clinic.example/' }]);
  });
});
