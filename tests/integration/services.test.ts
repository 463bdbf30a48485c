import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { benefits } from '../../shared/content/benefits';
import { appointmentSubject } from '../../shared/requests/contact-form';
import { doctorCounters, principalProfile } from '../../shared/content/doctor-pages';
import { doctors, location, principalDoctor, services, siteFacts } from '../support/clinic-facts';
import { departments, quoteFields } from '../../shared/content/services-two';
import { site } from '../../shared/content/site';
import { NOT_FOUND_TEXT } from '../../shared/app/not-found';
import { pages } from '../../shared/app/routes';

/** The area's routes (spec section 2): the clinic's services and doctors, and the contact page. */
const servicesRoutes = pages.filter((r) => ['/services', '/service-detail/:id', '/servicesDetails', '/servicesTwo', '/doctors', '/doctorsTwo', '/doctorDetails', '/contact'].includes(r.path));
import { mainOf } from '../support/page-text';
import { makeTestApp } from '../support/test-app';

const app = makeTestApp();

/** How React writes text into HTML: &, <, >, " and ' escaped. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const get = async (path: string) => {
  const res = await request(app).get(path);
  return { status: res.status, text: res.text };
};


const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

/** Every route of this area with the page title it must carry. */
const ROUTES: [path: string, title: string][] = [
  ...servicesRoutes.filter((r) => !r.path.includes(':') && r.path !== '/servicesDetails').map((r) => [r.path, r.meta.title] as [string, string]),
  ['/servicesDetails', services[0]!.title],
  ...services.map((s) => [`/service-detail/${s.id}`, s.title] as [string, string]),
];

describe('services, doctors and contact routes', () => {
  it('covers all eight routes of the area', () => {
    expect(ROUTES.map(([p]) => p)).toEqual(expect.arrayContaining(['/services', '/servicesDetails', '/servicesTwo', '/doctors', '/doctorsTwo', '/doctorDetails', '/contact', '/service-detail/5']));
    expect(servicesRoutes.map((r) => r.path)).toContain('/service-detail/:id');
  });

  it.each(ROUTES)('%s answers 200 with one h1 and the title "%s"', async (path, title) => {
    const { status, text } = await get(path);
    expect(status).toBe(200);
    expect(mainOf(text).match(/<h1[\s>]/g)).toHaveLength(1);
    expect(titleOf(text)).toBe(`${html(title)} | ${html(site.name)}`);
    expect(text).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });

  it('/services shows the about text, the six benefits, service cards and the five services with Read More links', async () => {
    const main = mainOf((await get('/services')).text);
    expect(main).toContain('Chiropractic care that starts with listening');
    const benefitTitles = ['Improved spinal health', 'Reduced pain', 'Improved immune function', 'Better sleep', 'Lowered blood pressure', 'Improved mental health'];
    expect(benefits.map((b) => b.title)).toEqual(benefitTitles);
    for (const title of benefitTitles) expect(main).toContain(`>${title}</h3>`);
    expect(main).toContain('What you can expect from us');
    expect(main).toContain('Services we offer');
    expect(services.map((s) => s.title)).toEqual(['Chiropractic Therapy', 'Vertebral Subluxation', 'Radiculopathy & Paraesthesia', 'Wellness Care', 'Rehabilitation Therapy']);
    for (const s of services) {
      expect(main).toContain(`>${html(s.title)}</h3>`);
      expect(main).toMatch(new RegExp(`<a [^>]*href="/service-detail/${s.id}"[^>]*>Read More`));
    }
    expect(main).toContain('href="/contact"');
  });

  it.each(services.map((s) => [s.id, s.title] as const))('/service-detail/%s shows %s with its text, More Services and a banner to /contact', async (id, title) => {
    const { text } = await get(`/service-detail/${id}`);
    const service = services.find((s) => s.id === id)!;
    expect(titleOf(text)).toBe(`${html(title)} | ${html(site.name)}`);
    expect(text).toContain(`<meta name="description" content="${html(service.summary)}"`);
    const main = mainOf(text);
    expect(main).toMatch(new RegExp(`<h1>${html(title)}</h1>`));
    for (const p of service.body) expect(main).toContain(html(p));
    for (const point of service.points) expect(main).toContain(html(point));
    expect(main).toContain('>More Services</h2>');
    for (const s of services) expect(main).toMatch(new RegExp(`<a [^>]*href="/service-detail/${s.id}"`));
    // The service being read is the current one in the list, and only that one.
    expect(main.match(/aria-current="page"[^>]*href="\/service-detail\/\d"|href="\/service-detail\/\d"[^>]*aria-current="page"/g)).toEqual([
      expect.stringContaining(`/service-detail/${id}"`),
    ]);
    expect(main).toMatch(/<a [^>]*href="\/contact"[^>]*>Contact the clinic/);
    expect(text).toContain(`<link rel="canonical" href="http://localhost:3000/service-detail/${id}">`);
  });

  it('/servicesDetails shows the first service and names /service-detail/1 as canonical', async () => {
    const { status, text } = await get('/servicesDetails');
    expect(status).toBe(200);
    expect(titleOf(text)).toBe(`Chiropractic Therapy | ${html(site.name)}`);
    expect(mainOf(text)).toContain('<h1>Chiropractic Therapy</h1>');
    expect(text).toContain('<link rel="canonical" href="http://localhost:3000/service-detail/1">');
    // Written once, in the head: a <link> in the body is not valid HTML.
    expect(text.match(/rel="canonical"/g)).toHaveLength(1);
    expect(text.indexOf('rel="canonical"')).toBeLessThan(text.indexOf('</head>'));
  });

  it.each(['/service-detail/9', '/service-detail/abc', '/service-detail/0', '/service-detail/1.0'])('%s answers 404 with the 404 page', async (path) => {
    const { status, text } = await get(path);
    expect(status).toBe(404);
    expect(text).toContain('Page not found');
    expect(text).toContain(html(NOT_FOUND_TEXT));
    expect(text).not.toContain('More Services');
  });

  it('/servicesTwo shows the departments, the quote calculator fields and employer sections linking to /contact', async () => {
    const main = mainOf((await get('/servicesTwo')).text);
    expect(departments.map((d) => d.title)).toEqual(['Body Surgery', 'Neurology Surgery', 'Blood Cancer', 'Family Care', 'Eye Care', 'Allergic Issue']);
    for (const d of departments) expect(main).toContain(`>${d.title}</h3>`);
    const form = /<form[^>]*aria-label="Quote calculator"[\s\S]*?<\/form>/.exec(main)?.[0] ?? '';
    expect(form).toContain('method="post"');
    // Four dropdowns: the service (the clinic's data) and the three of the content module.
    expect(form.match(/<select[^>]*name="(\w+)"/g)?.map((s) => /name="(\w+)"/.exec(s)?.[1])).toEqual(['service', ...quoteFields.map((f) => f.name)]);
    expect(quoteFields).toHaveLength(3);
    for (const s of services) expect(form).toContain(`<option value="${s.id}">${html(s.title)}</option>`);
    for (const f of quoteFields) for (const o of f.options) expect(form).toContain(`<option value="${o.value}">${html(o.label)}</option>`);
    expect(form).toMatch(/<input[^>]*name="phone"[^>]*type="tel"|<input[^>]*type="tel"[^>]*name="phone"/);
    expect(main).toMatch(/<a [^>]*href="\/contact"[^>]*>Talk to us about your team/);
    expect(main).toMatch(/<a [^>]*href="\/contact"[^>]*>Ask about a corporate account/);
  });

  it.each(['/doctors', '/doctorsTwo'])('%s shows the seven team members and the counters with their end values', async (path) => {
    const main = mainOf((await get(path)).text);
    const roles = ['Head Doctor', 'Primary Care Physician', 'Chiropractic Associate clinician', 'Physical Rehabilitation Associate', 'Director of Administration', 'Chiropractic Manual Therapist', 'Deputy administrator'];
    expect(doctors.map((d) => d.title)).toEqual(roles);
    for (const d of doctors) {
      expect(main).toContain(d.name);
      expect(main).toContain(`src="${d.img.src}"`);
    }
    for (const role of roles) expect(main).toContain(role);
    expect(doctorCounters.map((c) => [c.end, c.label])).toEqual([
      [540, 'Expert Doctors'],
      [899, 'Problem Solve'],
      [100, 'Award Winner'],
    ]);
    for (const c of doctorCounters) {
      expect(main).toContain(`data-end="${c.end}">${c.end}</span>`);
      expect(main).toContain(`>${c.label}</span>`);
    }
    expect(main).toContain('href="/doctorDetails"');
    expect(main).toMatch(/<a [^>]*href="\/contact"/);
  });

  it('/doctors and /doctorsTwo are different compositions', async () => {
    const one = mainOf((await get('/doctors')).text);
    const two = mainOf((await get('/doctorsTwo')).text);
    expect(one).toContain('doctor-grid--bio');
    for (const d of doctors) expect(one).toContain(html(d.bio));
    expect(two).toContain('doctor-grid--compact');
    expect(two).toContain('Meet our principal chiropractor');
    expect(two).not.toContain(html(doctors[6]!.bio));
  });

  it('/doctorDetails shows the principal chiropractor’s profile', async () => {
    const main = mainOf((await get('/doctorDetails')).text);
    const doctor = principalDoctor;
    expect(main).toContain(`<h1>${doctor.name}</h1>`);
    expect(main).toContain('Head Doctor');
    for (const e of [...principalProfile.education, ...principalProfile.experience]) expect(main).toContain(html(e.title));
    for (const s of principalProfile.skills) expect(main).toContain(html(s.label));
    for (const l of principalProfile.languages) expect(main).toContain(html(l));
    for (const r of principalProfile.schedule) expect(main).toContain(html(r.hours));
    for (const heading of ['Education', 'Experience', 'Skills', 'Languages', 'Clinic schedule']) expect(main).toContain(`>${heading}</h2>`);
    for (const c of doctorCounters) expect(main).toContain(`data-end="${c.end}">${c.end}</span>`);
  });

  it('/contact shows the mail, visit and call blocks with mailto:, map and tel: links', async () => {
    const main = mainOf((await get('/contact')).text);
    for (const t of ['Mail Us', 'Visit Us', 'Call Us']) expect(main).toContain(`>${t}</h3>`);
    expect(main).toContain(`href="mailto:${site.email}">${site.email}</a>`);
    for (const p of site.phones) expect(main).toContain(`href="tel:${p.e164}">${p.display}</a>`);
    expect(main).toContain(html(location.street!));
    expect(main).toContain(`href="${html(location.mapHref!)}"`);
  });

  it('/contact has the Write To Us form with name, email, phone, subject and message', async () => {
    const main = mainOf((await get('/contact')).text);
    const form = /<form[^>]*aria-label="Write To Us"[\s\S]*?<\/form>/.exec(main)?.[0] ?? '';
    expect(form).toContain('method="post"');
    const field = (name: string) => new RegExp(`<(input|textarea)[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? '';
    expect(field('name')).toMatch(/autocomplete="name"/i);
    expect(field('email')).toContain('type="email"');
    expect(field('phone')).toContain('type="tel"');
    expect(field('subject')).toMatch(/^<input/);
    expect(field('message')).toMatch(/^<textarea/);
    for (const name of ['name', 'email', 'phone', 'subject', 'message']) {
      const id = /id="([^"]+)"/.exec(field(name))?.[1];
      expect(form).toContain(`for="${id}"`);
    }
    expect(form).toContain('Send message');
  });

  it('/contact prefills the subject from the home hero’s location and service', async () => {
    const main = mainOf((await get('/contact?location=abuja&service=3')).text);
    expect(main).toMatch(/<input[^>]*name="subject"[^>]*value="Appointment request: Radiculopathy &amp; Paraesthesia \(Abuja\)"/);
    expect(appointmentSubject(siteFacts, 'kano', null)).toBe('Appointment request (Kano, opening soon)');
  });

  it('/contact ignores unknown query values instead of echoing them', async () => {
    const main = mainOf((await get('/contact?location=%3Cscript%3Ex&service=%22onmouseover%3D')).text);
    expect(main).not.toContain('<script>x');
    const subject = /<input[^>]*name="subject"[^>]*>/.exec(main)?.[0];
    expect(subject).toBeDefined();
    expect(subject).not.toContain('value=');
  });

  // Issue 11: the contact form delivers (it used to say that nothing was sent).
  it('a contact form sent without JavaScript is stored and answered with its reference', async () => {
    const res = await request(app)
      .post('/contact')
      .type('form')
      .send({ _form: 'contact', name: 'Ada Obi', email: 'ada@example.com', phone: '0803 123 4567', subject: 'Neck pain', message: 'Stiff neck after driving.' });
    expect(res.status).toBe(200);
    const main = mainOf(res.text);
    expect(main).toContain('Thank you: your message has reached us');
    expect(main).toMatch(/Your reference is <strong[^>]*>MSG-[A-Z0-9]{5}<\/strong>/);
  });

  it('a contact form with a wrong field comes back 422 with the message beside it and the typed values', async () => {
    const res = await request(app)
      .post('/contact')
      .type('form')
      .send({ _form: 'contact', name: 'Ada Obi', email: 'ada@', phone: '+2348000000009', subject: 'Neck pain', message: 'Stiff neck after driving.' });
    expect(res.status).toBe(422);
    const main = mainOf(res.text);
    expect(main).toContain('Please enter a valid e-mail address, like name@example.com.');
    const emailTag = /<input[^>]*name="email"[^>]*>/.exec(main)?.[0] ?? '';
    expect(emailTag).toContain('aria-invalid="true"');
    expect(emailTag).toMatch(/aria-describedby="[^"]+-error"/);
    expect(main).toContain('value="Ada Obi"');
    expect(main).toContain('value="Neck pain"');
    expect(main).toContain('Stiff neck after driving.</textarea>');
  });
});
