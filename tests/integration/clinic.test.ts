import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pages } from '../../shared/app/routes';
import { clinicSeed } from '../../server/clinic/seed';
import { doctors } from '../support/clinic-facts';
import { posts } from '../../shared/content/posts';
import { decode, textOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';

const app = makeTestApp();

const get = async (path: string) => {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  return res.text;
};


/** The opening tag of the form control with this name. */
const control = (html: string, tag: 'input' | 'select' | 'textarea', name: string) => {
  const m = new RegExp(`<${tag}\\b[^>]*\\bname="${name}"[^>]*>`).exec(html);
  expect(m, `${tag}[name=${name}]`).not.toBeNull();
  return m![0];
};

/** The HTML of one ARIA tab panel, found by the end of its id. */
const panel = (html: string, idSuffix: string) => {
  const m = new RegExp(`<div role="tabpanel" id="[^"]*-panel-${idSuffix}"[^>]*>([\\s\\S]*?)</div></div>|<div role="tabpanel" id="[^"]*-panel-${idSuffix}"[^>]*>([\\s\\S]*?)(?=<div role="tabpanel")`).exec(html);
  expect(m, `panel ${idSuffix}`).not.toBeNull();
  return m![0];
};

const latestThree = [...posts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);

/** The five routes of this part (issue 4), now in the domains they belong to. */
const CLINIC_PATHS = ['/homeTwo', '/homeThree', '/homeFour', '/about', '/appoinment'];
const clinicRoutes = pages.filter((r) => CLINIC_PATHS.includes(r.path));

describe('clinic pages: routes and titles', () => {
  it('registers the five routes of this part', () => {
    expect(clinicRoutes.map((r) => r.path).sort()).toEqual([...CLINIC_PATHS].sort());
  });

  it.each(clinicRoutes.map((r) => [r.path, r.meta.title, r.meta.description]))('%s answers 200 with its own title and description', async (path, title, description) => {
    const html = await get(path);
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')} | `);
    expect(decode(html)).toContain(`<meta name="description" content="${description}">`);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('titles differ between the five pages', () => {
    expect(new Set(clinicRoutes.map((r) => r.meta.title)).size).toBe(5);
  });
});

describe('/homeTwo', () => {
  it('has the pricing tabs with every monthly and yearly figure, monthly shown first', async () => {
    const html = await get('/homeTwo');
    const text = textOf(html);
    expect(text).toMatch(/Monthly\s+Yearly/);
    const monthly = textOf(panel(html, 'monthly'));
    const yearly = textOf(panel(html, 'yearly'));
    for (const [plan, price] of [['Basic', '57.89'], ['Advance', '88.90'], ['Team', '350.89']]) expect(monthly).toMatch(new RegExp(`${plan} \\$${price} /month`));
    for (const [plan, price] of [['Basic', '75.89'], ['Advance', '95.90'], ['Team', '450.89']]) expect(yearly).toMatch(new RegExp(`${plan} \\$${price} /year`));
    expect(panel(html, 'monthly')).not.toMatch(/^<div[^>]*\bhidden=""/);
    expect(panel(html, 'yearly')).toMatch(/^<div[^>]*\bhidden=""/);
    expect(monthly).toContain('Posture and spine assessment');
    expect(yearly).toContain('Workplace posture talk for up to 20 staff');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Monthly</);
  });

  it('has the FAQ with the first item open and the others closed', async () => {
    const html = await get('/homeTwo');
    const details = [...html.matchAll(/<details\b[^>]*>/g)].map((m) => m[0]).filter((t) => t.includes('accordion__item'));
    expect(details.length).toBeGreaterThanOrEqual(4);
    expect(details[0]).toContain('open=""');
    for (const d of details.slice(1)) expect(d).not.toContain('open');
    expect(textOf(html)).toContain('What happens at my first visit?');
  });

  it('has membership, the sponsors carousel (5/4/3/2 per view) and the three latest posts', async () => {
    const html = await get('/homeTwo');
    expect(textOf(html)).toContain('Why members choose regular care');
    expect(html).toContain('aria-label="Partners"');
    expect(html).toMatch(/aria-label="Partners" data-speed="10000" data-autoplay="off" style="[^"]*--spv-0:2;--spv-576:3;--spv-600:3;--spv-767:4;--spv-768:4;--spv-991:4;--spv-1024:5;/);
    expect(html.match(/src="\/images\/sponsors\/sponsor-\d\.svg"/g)?.length).toBe(6);
    for (const p of latestThree) expect(html).toContain(`href="/blogDetails?post=${p.slug}"`);
    expect(html.match(/href="\/blogDetails\?post=/g)).toHaveLength(3);
    expect(html).toContain('href="/blogs"');
    expect(html).not.toContain('lang-list');
  });
});

describe('/homeThree', () => {
  it('has the counters with their end values in the server HTML', async () => {
    const html = await get('/homeThree');
    for (const n of [3624, 1230, 7620, 2430]) expect(html).toContain(`data-end="${n}">${n.toLocaleString('en-NG')}<`);
    const text = textOf(html);
    for (const label of ['Patient visits', 'Posture assessments', 'Therapy sessions', 'Home exercise plans']) expect(text).toContain(label);
  });

  it('has the wide testimonials carousel (3, 2 under 1024, 1 under 767) with every quote readable', async () => {
    const html = await get('/homeThree');
    expect(html).toMatch(/aria-label="Patient testimonials" data-speed="10000" data-autoplay="off" style="[^"]*--spv-0:1;--spv-576:1;--spv-600:1;--spv-767:2;--spv-768:2;--spv-991:2;--spv-1024:3;/);
    for (const name of ['Amaka O.', 'Yusuf A.', 'Grace E.', 'Emeka N.']) expect(html).toContain(name);
  });

  it('composes hero slider, about, departments, FAQ and news', async () => {
    const text = textOf(await get('/homeThree'));
    for (const s of ['Feel at home in your body again', 'A calm, careful clinic for your spine and wellbeing', 'Surgery', 'Dental', 'Neurology', 'Frequently asked questions', 'Latest news and advice']) expect(text).toContain(s);
  });
});

describe('/homeFour', () => {
  it('shows the language list USA, UK, CA, AU in the top bar', async () => {
    const html = await get('/homeFour');
    const list = /<details class="lang-list">[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
    const text = textOf(list);
    for (const l of ['USA', 'UK', 'CA', 'AU']) expect(text).toContain(`(${l})`);
  });

  it('has the fade hero slider, departments slider (3/2/1), team, gallery (2/1), how it works, facts, news and sponsors', async () => {
    const html = await get('/homeFour');
    const text = textOf(html);
    expect(html).toContain('carousel carousel--fade');
    expect(html).toMatch(/aria-label="Departments" data-speed="10000" data-autoplay="off" style="[^"]*--spv-0:1;--spv-576:1;--spv-600:1;--spv-767:2;--spv-768:2;--spv-991:2;--spv-1024:3;/);
    expect(html).toMatch(/aria-label="Photo gallery" data-speed="10000" data-autoplay="off" style="[^"]*--spv-0:1;--spv-576:1;--spv-600:1;--spv-767:2;/);
    for (const d of ['Surgery', 'Dental', 'Neurology']) expect(text).toContain(d);
    for (const d of doctors) expect(text).toContain(d.title);
    for (const step of ['Have A Coffee', 'Choose Doctor', 'Admission Now']) expect(text).toContain(step);
    for (const label of ['Years of practice', 'Team members', 'Core services', 'Cities planned next']) expect(text).toContain(label);
    expect(html).toContain(`data-end="${doctors.length}"`);
    expect(html.match(/href="\/blogDetails\?post=/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Partners"');
  });

  it('has the appointment widget with name, email, phone and service, and a link to /contact', async () => {
    const html = await get('/homeFour');
    expect(control(html, 'input', 'name')).toMatch(/autocomplete="name"/i);
    expect(control(html, 'input', 'email')).toContain('type="email"');
    expect(control(html, 'input', 'phone')).toContain('type="tel"');
    control(html, 'select', 'service');
    const form = /<form\b[^>]*aria-label="Request an appointment"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Go to the contact page/);
    expect(textOf(html)).toContain('Rehabilitation Therapy');
  });
});

describe('/about', () => {
  it('has the breadcrumb Home > About and the counters 358, 358, 238 with the spec labels', async () => {
    const html = await get('/about');
    expect(html).toMatch(/<nav aria-label="Breadcrumb">[\s\S]*?href="\/"[^>]*>Home<[\s\S]*?aria-current="page">About</);
    const text = textOf(html);
    for (const [n, label] of [[358, 'Worldwide Branches'], [358, 'Hospital Formed'], [238, 'Local Partners']] as const) {
      expect(text).toMatch(new RegExp(`${n} ${n} ${label}`));
    }
  });

  it('has the video popup without loading any player, and the analysis tabs with the first active', async () => {
    const html = await get('/about');
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('src="/images/misc/video-cover.svg"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Industry analysis</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Our commitment</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>how we start care\?</);
    const text = textOf(html);
    for (const s of ['Assess, treat gently, keep you moving', 'The people behind your care', 'Back or neck pain holding you back?', 'What our patients say']) expect(text).toContain(s);
  });
});

describe('/appoinment', () => {
  it('has the breadcrumb, the video popup and the Book Appointment form with the spec fields', async () => {
    const html = await get('/appoinment');
    expect(html).toMatch(/<nav aria-label="Breadcrumb">[\s\S]*?>Home<[\s\S]*?aria-current="page">Appointment</);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).not.toContain('<iframe');
    expect(textOf(html)).toContain('Book Appointment');
    const department = /<select\b[^>]*name="department"[^>]*>[\s\S]*?<\/select>/.exec(html)?.[0] ?? '';
    expect(textOf(department)).toContain('Surgery and Radiology');
    expect(textOf(department)).toContain('Pediatrics');
    const doctor = textOf(/<select\b[^>]*name="doctor"[^>]*>[\s\S]*?<\/select>/.exec(html)?.[0] ?? '');
    // The doctor list offers the practitioners who take patients, not the two administrators.
    const bookable = clinicSeed.practitioners.filter((p) => p.bookable);
    expect(bookable).toHaveLength(5);
    for (const p of bookable) expect(doctor).toContain(p.name);
    for (const p of clinicSeed.practitioners.filter((x) => !x.bookable)) expect(doctor).not.toContain(p.name);
    control(html, 'input', 'name');
    expect(control(html, 'input', 'phone')).toContain('type="tel"');
    expect(control(html, 'input', 'date')).toContain('type="date"');
    expect(control(html, 'input', 'time')).toContain('type="time"');
    control(html, 'textarea', 'request');
    // Every control has a label.
    for (const m of html.matchAll(/<(?:input|select|textarea)\b[^>]*\bid="([^"]+)"[^>]*>/g)) {
      if (!/type="hidden"/.test(m[0])) expect(html).toContain(`for="${m[1]}"`);
    }
    expect(html.match(/href="\/blogDetails\?post=/g)).toHaveLength(3);
  });

  // Issue 11: the form delivers; a submission missing the date and time is refused field by field.
  it('a submission without JavaScript missing the date and time comes back 422 and keeps what was typed', async () => {
    const res = await request(app).post('/appoinment').type('form').send({ _form: 'appointment', name: 'Ada Obi', phone: '+234 800 000 0009', department: 'pediatrics', request: 'Evening please' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Please choose a date.');
    expect(res.text).toContain('Please choose a time.');
    expect(res.text).toContain('value="Ada Obi"');
    expect(res.text).toContain('value="+234 800 000 0009"');
    expect(res.text).toMatch(/<option value="pediatrics" selected="">/);
    expect(res.text).toContain('Evening please</textarea>');
  });
});
