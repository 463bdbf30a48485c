import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { homeFiveCounters, homeFiveFilters, homeFiveGallery, medicalTabs, timetable, timetableDays } from '../../shared/content/home-five';
import { filterGallery, portfolioFilters, portfolioItems, portfolioSlides } from '../../shared/content/portfolio';
import { pages } from '../../shared/app/routes';

/** The area's four routes (the portfolio pages and home five's gallery), in the domains they belong to. */
const GALLERY_PATHS = ['/portfolioTwoColumn', '/portfolioThreeColumn', '/portfolioSlider', '/homeFive'];
const galleryRoutes = GALLERY_PATHS.map((path) => pages.find((r) => r.path === path)).filter((r) => r !== undefined);
import { mainOf, textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';

const app = makeTestApp();


const get = async (path: string) => {
  const res = await request(app).get(path);
  return { status: res.status, page: res.text, main: mainOf(res.text) };
};

/** The items of the filterable grid in server order, as their data-id values. */
const gridIds = (main: string) => [...main.matchAll(/<li class="fgallery__item"[^>]*data-id="(\d+)"/g)].map((m) => Number(m[1]));

const filterButtons = (main: string) =>
  [...main.matchAll(/<button[^>]*class="fgallery__filter"[^>]*aria-pressed="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((m) => ({ pressed: m[1] === 'true', label: m[2] }));

describe('gallery routes', () => {
  it('covers the four routes of the area, each with its own title and description', async () => {
    expect(galleryRoutes.map((r) => r.path)).toEqual(GALLERY_PATHS);
    for (const r of galleryRoutes) {
      const { status, page } = await get(r.path);
      expect(status, r.path).toBe(200);
      expect(page).toContain(`<title>${r.meta.title.replace(/&/g, '&amp;')}`);
      const description = /<meta name="description" content="([^"]*)"/.exec(page)?.[1];
      expect(description && textOf(description)).toBe(r.meta.description);
      expect(page.match(/<h1[\s>]/g), r.path).toHaveLength(1);
    }
  });

  it.each(['/portfolioTwoColumn', '/portfolioThreeColumn'])('%s renders the filters and the de-duplicated grid of 12 items', async (path) => {
    const { main } = await get(path);
    expect(filterButtons(main)).toEqual(portfolioFilters.map((f) => ({ label: f.label, pressed: f.value === 'all' })));
    expect(filterButtons(main).map((b) => b.label)).toEqual(['Show all', 'Dental', 'Care', 'Medical', 'Surgery']);
    const ids = gridIds(main);
    expect(portfolioItems).toHaveLength(12);
    // 12 items share 9 images: the default list drops the three repeats.
    expect(ids).toEqual(filterGallery(portfolioItems, 'all').map((i) => i.id));
    expect(ids).toHaveLength(9);
    expect(ids).not.toContain(10);
    for (const item of filterGallery(portfolioItems, 'all')) {
      expect(main).toContain(`aria-label="Open image: ${item.title}"`);
    }
    // The viewer is not part of the page: it loads when first opened.
    expect(main).not.toContain('lightbox');
    expect(main).not.toContain('<dialog');
  });

  it('the two portfolio variants are different compositions of the one grid', async () => {
    const two = await get('/portfolioTwoColumn');
    const three = await get('/portfolioThreeColumn');
    expect(two.main).toContain('fgallery fgallery--cards');
    expect(three.main).toContain('fgallery fgallery--tiles');
  });

  it('/portfolioSlider renders a fade carousel with every distinct picture and its arrows', async () => {
    const { main } = await get('/portfolioSlider');
    expect(main).toContain('carousel carousel--fade');
    expect(main).toContain('aria-label="Previous slide"');
    expect(main).toContain('aria-label="Next slide"');
    expect(portfolioSlides).toHaveLength(9);
    for (const s of portfolioSlides) expect(main).toContain(`src="${s.img.src}"`);
    expect(main.match(/class="portfolio-slide"/g)).toHaveLength(portfolioSlides.length);
  });
});

describe('/homeFive', () => {
  it('shows the emergency card and the opening-hours card texts', async () => {
    const { main } = await get('/homeFive');
    const text = textOf(main);
    expect(text).toContain('Mon-Fri 08:00 am-09:00 pm');
    expect(text).toContain('05:00 pm-08:00 pm');
    expect(text).toContain('Sunday closed');
    expect(text).toContain('Urgent back or neck pain?');
    expect(main).toContain('href="tel:+2348000000002"');
  });

  it('has the weekly timetable as a real table with caption and scoped headers in a focusable region', async () => {
    const { main } = await get('/homeFive');
    const table = /<table class="timetable">([\s\S]*?)<\/table>/.exec(main)?.[1];
    expect(table).toBeTruthy();
    expect(table).toMatch(/<caption[^>]*><span>Doctors in clinic/);
    const colHeads = [...table!.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(colHeads).toEqual(['Time', ...timetableDays]);
    const rowHeads = [...table!.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(rowHeads).toEqual(timetable.map((s) => s.time));
    expect(table!.match(/<td>/g)).toHaveLength(timetable.length * timetableDays.length);
    expect(main).toMatch(/<div class="timetable-scroll" role="region" aria-labelledby="timetable-caption" tabindex="0">/);
  });

  it('has the department slider, a team of four, the medical tabs and the hero slider', async () => {
    const { main } = await get('/homeFive');
    expect(main).toContain('departments-slider');
    expect(main.match(/<article class="doctor-card">/g)).toHaveLength(4);
    const tabs = [...main.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((m) => [m[2], m[1]]);
    expect(tabs).toEqual(medicalTabs.map((t, i) => [t.label, String(i === 0)]));
    expect(tabs.map((t) => t[0])).toEqual(['Dental Anxiety', 'Orthopedic', 'Dermatological']);
    expect(main).toContain('hero-slider');
  });

  it('has the gallery filter (show all, Dental, Neurology, Surgery, Medicin) over the de-duplicated list', async () => {
    const { main } = await get('/homeFive');
    expect(filterButtons(main).map((b) => b.label)).toEqual(['show all', 'Dental', 'Neurology', 'Surgery', 'Medicin']);
    expect(filterButtons(main).map((b) => b.pressed)).toEqual(homeFiveFilters.map((f) => f.value === 'all'));
    const ids = gridIds(main);
    expect(ids).toEqual(filterGallery(homeFiveGallery, 'all').map((i) => i.id));
    expect(ids.length).toBeLessThan(homeFiveGallery.length);
  });

  it('puts the counters’ end values in the server HTML', async () => {
    const { main } = await get('/homeFive');
    const ends = [...main.matchAll(/data-end="(\d+)"[^>]*>([^<]*)</g)].map((m) => [Number(m[1]), m[2]]);
    expect(ends).toEqual([
      [3624, '3,624'],
      [5236, '5,236'],
      [8950, '8,950'],
      [4562, '4,562'],
    ]);
    const text = textOf(main);
    for (const c of homeFiveCounters) expect(text).toContain(c.label);
    expect(homeFiveCounters.map((c) => [c.end, c.label])).toEqual([
      [3624, 'Branches'],
      [5236, 'Nurses'],
      [8950, 'Awards'],
      [4562, 'Ambulances'],
    ]);
  });
});
