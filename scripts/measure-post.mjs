// `npm run measure -- --picture-post --lighthouse`: a blog post with three pictures, made as the
// clinic's editor makes one (issue 45), then measured like any other page. Three JPEGs at a phone
// camera's size (4032 × 3024, 12 MP, photograph-like: smooth shapes and sensor noise) are
// uploaded through the editor's own upload endpoint (the picture pipeline: orientation, EXIF gone,
// AVIF/WebP/JPEG copies at the pages' widths) and the post is published through the editor's
// form (its cover picture and two pictures in its text). The editor's server runs beside the
// measured production server on the same database and media folder (see scripts/measure.mjs);
// the production server shows the post once the publish has moved the content version.
import sharp from 'sharp';

const CAMERA = { width: 4032, height: 3024 };

/** A deterministic photograph-like JPEG: soft shapes from a small random image, enlarged, and grain. */
export async function phoneJpeg(seed, { width, height } = CAMERA) {
  let s = seed * 7919 + 17;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const small = { width: 24, height: 18 };
  const px = Buffer.alloc(small.width * small.height * 3);
  for (let i = 0; i < px.length; i++) px[i] = Math.round(40 + rnd() * 180);
  const base = await sharp(px, { raw: { ...small, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .raw()
    .toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .jpeg({ quality: 90, mozjpeg: false })
    .withExif({ IFD0: { Make: 'Measure', Model: 'Phone camera' } })
    .toBuffer();
}

/**
 * Makes and publishes the post on the editor's server `base` (signed in with `cookies`); its
 * page's path on the site.
 * @param {string} base
 * @param {{ name: string, value: string }[]} cookies
 * @returns {Promise<{ path: string, title: string, pictures: { id: string, bytes: number, ms: number }[] }>}
 */
export async function makePicturePost(base, cookies) {
  const headers = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Origin: base, 'Sec-Fetch-Site': 'same-origin' };
  const post = (url, body, extra = {}) => fetch(base + url, { method: 'POST', headers: { ...headers, ...extra }, body, redirect: 'manual' });
  const stamp = Date.now().toString(36);
  const title = 'Three stretches for a stiff back after a long drive';
  const slug = `three-stretches-after-a-long-drive-${stamp}`;

  // A new draft, as "Start a draft" makes it.
  const created = await post('/staff/content/post', new URLSearchParams({ title }), { 'Content-Type': 'application/x-www-form-urlencoded' });
  const at = created.headers.get('location') ?? '';
  const id = /^\/staff\/content\/post\/([^/?#]+)$/.exec(at)?.[1];
  if (created.status !== 303 || !id) throw new Error(`measure --picture-post: starting a draft answered ${created.status} ${at} ${(await created.text()).slice(0, 200)}`);
  const here = `/staff/content/post/${id}`;
  const html = await (await fetch(base + here, { headers })).text();
  const version = /name="version" value="(\d+)"/.exec(html)?.[1];
  const author = /<select[^>]*name="authorId"[^>]*>(?:<option[^>]*value=""[^>]*>[^<]*<\/option>)?<option[^>]*value="([^"]+)"/.exec(html)?.[1];
  if (!version || !author) throw new Error(`measure --picture-post: the editor's form has no ${version ? 'author to choose' : 'version'}`);

  // Three phone photographs through the editor's upload button's endpoint (the picture pipeline).
  const pictures = [];
  const uploads = [];
  for (const [i, name] of ['stretch-cat-cow.jpg', 'stretch-knee-to-chest.jpg', 'stretch-seated-twist.jpg'].entries()) {
    const jpeg = await phoneJpeg(i + 1);
    const started = Date.now();
    const res = await post('/staff/content/media/upload', jpeg, { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(name) });
    const answer = await res.json().catch(() => null);
    if (res.status !== 201 || !answer?.picture) throw new Error(`measure --picture-post: uploading ${name} answered ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`);
    uploads.push(answer);
    pictures.push({ id: answer.picture.id, bytes: jpeg.length, ms: Date.now() - started });
  }
  const [cover, first, second] = uploads;
  const p = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const body = {
    type: 'doc',
    content: [
      p('Hours at the wheel on the Abuja–Kaduna road leave the lower back stiff: the seat holds the hips bent and the spine still. Three gentle stretches, a minute each, loosen it before you get on with your day.'),
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Cat and cow' }] },
      p('On hands and knees, round the back towards the ceiling as you breathe out, then let the belly sink as you breathe in. Move slowly, ten times.'),
      { type: 'picture', attrs: { media: first.picture.id, alt: 'A patient on hands and knees rounding her back in the cat stretch on a clinic mat' } },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Knee to chest' }] },
      p('Lying on your back, bring one knee towards your chest with both hands, hold for twenty seconds, and change sides. Keep the other leg long and relaxed.'),
      p('If either stretch brings on pain down a leg, stop and book a visit: that is a nerve asking to be looked at, not a muscle to push through.'),
      { type: 'picture', attrs: { media: second.picture.id, alt: 'A chiropractor guiding a patient’s knee towards his chest as he lies on a treatment table' } },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Seated twist' }] },
      p('Sitting tall, turn your shoulders to one side with a hand on the back of the chair, hold, and turn the other way. Breathe; do not force the turn.'),
    ],
  };
  const form = new URLSearchParams({
    version,
    intent: 'publish',
    title,
    slug,
    excerpt: 'Three gentle stretches, a minute each, for the lower back after hours at the wheel.',
    body: JSON.stringify(body),
    cover: cover.entry.src,
    coverAlt: 'A woman stretching her back beside her car at a roadside stop',
    category: 'Wellness',
    tags: 'Back pain, Posture',
    authorId: author,
    publishAt: '',
    commentsOpen: 'yes',
  });
  const published = await post(here, form, { 'Content-Type': 'application/x-www-form-urlencoded' });
  const done = published.headers.get('location') ?? '';
  if (published.status !== 303 || !done.includes('done=published')) throw new Error(`measure --picture-post: publishing answered ${published.status} ${done} ${(await published.text()).slice(0, 300)}`);
  return { path: `/blogDetails?post=${slug}`, title, pictures };
}
