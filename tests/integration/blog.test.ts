import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { audioTrack, blogQuote, POSTS_PER_PAGE, sampleComments } from '../../shared/content/blog';
import { postBodies, postBody } from '../../shared/content/post-bodies';
import { allTags, categories, formatPostDate, posts, postsByTag } from '../../shared/content/posts';
import { blogRoutes } from '../../shared/blog/routes';
import { makeTestApp } from '../support/test-app';

const app = makeTestApp();
const get = (path: string) => request(app).get(path);

/** HTML-escaped as React writes text and attributes. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
/** Whether the HTML has a <tag> carrying all these attributes (in any order). */
const hasTag = (html: string, tag: string, attrs: string[]) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].some((m) => attrs.every((a) => m[0].includes(a)));
/** Slugs of the posts whose 'Read more' link is in the page, in order. */
const readMoreSlugs = (html: string) => [...html.matchAll(/<a class="post-card__more" href="\/blogDetails\?post=([\w-]+)"/g)].map((m) => m[1]);

const listPaths = ['/blogs', '/blogLeftSideBar', '/blogNoSideBar', '/blogTwoColumn', '/blogTwoMasonry', '/blogThreeColumn', '/blogThreeColMasonry'];
const detailPaths = ['/blogDetails', '/blogDetailsLeftSidebar', '/blogDetailsAudio', '/blogDetailsVideo', '/blogDetailsGallery'];

describe('blog content', () => {
  it('has nine posts, newest first, each with its own illustration and a pull quote', () => {
    expect(posts).toHaveLength(9);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(posts.map((p) => p.img.src)).size).toBe(9);
    for (const p of posts) {
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const body = postBody(p.slug);
      expect(body.filter((b) => b.kind === 'quote')).toHaveLength(1);
      expect(body.filter((b) => b.kind === 'p').length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify([p, body])).not.toMatch(/lorem|ipsum/i);
    }
    // Every body belongs to a post (post-bodies.ts is kept apart so lists do not load it).
    expect(Object.keys(postBodies).sort()).toEqual(posts.map((p) => p.slug).sort());
  });

  it('route table lists the twelve blog routes with distinct titles and descriptions', () => {
    expect(blogRoutes.map((r) => r.path)).toEqual([...listPaths, ...detailPaths]);
    expect(new Set(blogRoutes.map((r) => r.meta.title)).size).toBe(12);
    expect(new Set(blogRoutes.map((r) => r.meta.description)).size).toBe(12);
  });
});

describe('blog lists', () => {
  it.each(listPaths)('%s answers 200 with cards, quote card, audio card, paging strip and tags in the server HTML', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = res.text;
    const route = blogRoutes.find((r) => r.path === path)!;
    expect(titleOf(html)).toContain(esc(route.meta.title));
    expect(descriptionOf(html)).toBe(esc(route.meta.description));

    // First page: the newest POSTS_PER_PAGE posts, each card with date, author, comments and read more.
    const firstPage = posts.slice(0, POSTS_PER_PAGE);
    expect(readMoreSlugs(html)).toEqual(firstPage.map((p) => p.slug));
    for (const p of firstPage) {
      expect(html).toContain(esc(p.title));
      expect(html).toContain(`<time dateTime="${p.date}">${formatPostDate(p.date)}</time>`);
      expect(html).toContain(esc(p.author));
      expect(html).toContain(`${p.comments}<!-- --> <!-- -->comments`);
    }
    expect(html).toContain(esc(blogQuote.text));
    expect(html).toContain(esc(audioTrack.title));
    expect(html).toMatch(/data-embed="audio"/);
    // The audio player is not in the page until the visitor asks for it.
    expect(html).not.toContain('<iframe');

    // Paging strip: previous (inactive on page 1), 01 current, 02, 03, next.
    const paging = /<nav class="paging"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(paging).toMatch(/<span class="paging__link paging__arrow is-disabled" aria-disabled="true">[\s\S]*?Previous page/);
    expect(paging).toMatch(new RegExp(`<a class="paging__link is-current" aria-current="page" href="${path}"[^>]*>[\\s\\S]*?01</a>`));
    expect(paging).toMatch(new RegExp(`<a class="paging__link" href="${path}\\?page=2"[^>]*>[\\s\\S]*?02</a>`));
    expect(paging).toMatch(new RegExp(`<a class="paging__link" href="${path}\\?page=3"[^>]*>[\\s\\S]*?03</a>`));
    expect(paging).toMatch(new RegExp(`<a class="paging__link paging__arrow" rel="next" href="${path}\\?page=2"`));

    // Tag links lead to the filtered list.
    for (const tag of allTags) expect(html).toContain(`href="/blogs?tag=${encodeURIComponent(tag)}"`);
  });

  it.each([
    ['/blogs', 'right'],
    ['/blogLeftSideBar', 'left'],
    ['/blogNoSideBar', 'none'],
    ['/blogTwoColumn', 'none'],
  ])('%s places the sidebar %s', async (path, side) => {
    const html = (await get(path)).text;
    expect(html).toContain(`blog-shell--${side}`);
    expect(html.includes('class="blog-sidebar"')).toBe(side !== 'none');
  });

  it.each([
    ['/blogTwoColumn', 'blog-list--cols-2 blog-list--grid'],
    ['/blogTwoMasonry', 'blog-list--cols-2 blog-list--masonry'],
    ['/blogThreeColumn', 'blog-list--cols-3 blog-list--grid'],
    ['/blogThreeColMasonry', 'blog-list--cols-3 blog-list--masonry'],
  ])('%s uses the %s layout', async (path, cls) => {
    expect((await get(path)).text).toContain(`class="blog-list ${cls}"`);
  });

  it('?page=2 and ?page=3 show the next posts, with the right page marked and the arrows inactive at the end', async () => {
    const page2 = await get('/blogTwoColumn?page=2');
    expect(page2.status).toBe(200);
    expect(readMoreSlugs(page2.text)).toEqual(posts.slice(POSTS_PER_PAGE, 2 * POSTS_PER_PAGE).map((p) => p.slug));
    expect(page2.text).toMatch(/aria-current="page" href="\/blogTwoColumn\?page=2"/);
    expect(page2.text).toMatch(/rel="prev" href="\/blogTwoColumn"/);
    expect(titleOf(page2.text)).toContain('page 2');

    const page3 = await get('/blogTwoColumn?page=3');
    expect(readMoreSlugs(page3.text)).toEqual(posts.slice(2 * POSTS_PER_PAGE).map((p) => p.slug));
    expect(page3.text).toMatch(/<span class="paging__link paging__arrow is-disabled" aria-disabled="true">[\s\S]*?Next page/);
  });

  it.each(['/blogs?page=4', '/blogs?page=0', '/blogs?page=two'])('%s answers 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it('?tag= filters the list, with a heading and a link that clears the filter', async () => {
    const tag = 'Neck pain';
    const expected = postsByTag(tag);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(posts.length);
    const res = await get(`/blogs?tag=${encodeURIComponent(tag)}`);
    expect(res.status).toBe(200);
    expect(readMoreSlugs(res.text)).toEqual(expected.map((p) => p.slug));
    expect(res.text).toContain('Posts tagged “Neck pain”');
    expect(res.text).toMatch(/<a href="\/blogs"[^>]*>Clear filter and show all articles<\/a>/);
    expect(titleOf(res.text)).toContain('Posts tagged');
    // The unfiltered extras are not mixed into a filtered list.
    expect(res.text).not.toContain(esc(blogQuote.text));
  });

  it('?category= and the sidebar search (?q=) filter by category and by title/excerpt', async () => {
    const cat = categories.find((c) => c.name === 'Posture')!;
    const byCategory = await get('/blogs?category=Posture');
    expect(readMoreSlugs(byCategory.text)).toHaveLength(cat.count);

    const search = await get('/blogs?q=pregnancy');
    expect(readMoreSlugs(search.text)).toEqual(['caring-for-your-back-during-pregnancy']);
    expect(search.text).toContain('Search results for “pregnancy”');
    expect(hasTag(search.text, 'input', ['id="blog-search"', 'name="q"', 'type="search"', 'value="pregnancy"'])).toBe(true);

    const none = await get('/blogs?q=zebra');
    expect(none.status).toBe(200);
    expect(readMoreSlugs(none.text)).toEqual([]);
    expect(none.text).toContain('No articles match yet.');
  });

  it('the sidebar search is a GET form to /blogs', async () => {
    const html = (await get('/blogs')).text;
    expect(hasTag(html, 'form', ['method="get"', 'action="/blogs"', 'role="search"'])).toBe(true);
    expect(html).toContain('<label for="blog-search" class="visually-hidden">Search the blog</label>');
  });
});

describe('blog details', () => {
  it.each(detailPaths)('%s answers 200 with the newest post, meta, comments, form, sidebar and post links', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = res.text;
    const post = posts[0]!;
    const route = blogRoutes.find((r) => r.path === path)!;
    expect(titleOf(html)).toBe(esc(`${route.meta.title}: ${post.title} | Abuja Spine & Wellness Clinic`));
    expect(descriptionOf(html)).toBe(esc(post.excerpt));

    // Breadcrumb and post meta.
    expect(html).toMatch(/<ol class="breadcrumb">[\s\S]*?<a href="\/blogs"[^>]*>Blog<\/a>[\s\S]*?<span aria-current="page">Blog Details<\/span>/);
    expect(html).toContain(`<h2 id="post-title" class="post__title">${esc(post.title)}</h2>`);
    expect(html).toContain(`<time dateTime="${post.date}">${formatPostDate(post.date)}</time>`);
    expect(html).toContain(esc(post.author));

    // Quote, images, tags, share links.
    expect(html).toMatch(/<figure class="pull-quote">/);
    expect(html).toContain('class="post__figures"');
    for (const tag of post.tags) expect(html).toContain(`href="/blogs?tag=${encodeURIComponent(tag)}"`);
    for (const share of ['https://www.facebook.com/sharer/sharer.php?u=', 'https://x.com/intent/post?url=', 'https://wa.me/?text=', 'https://www.linkedin.com/sharing/share-offsite/?url=', 'mailto:?subject=']) {
      expect(html).toMatch(new RegExp(`<a href="${share.replace(/[?.]/g, '\\$&')}[^"]*" target="_blank" rel="noopener noreferrer"`));
    }

    // Previous (older) post link on the same variant; the newest post has no newer one.
    expect(html).toContain(`href="${path}?post=${posts[1]!.slug}"`);
    expect(html).toContain('Previous post');
    expect(html).not.toContain('Next post');

    // Author box, three comments, comment form.
    expect(html).toContain('About the author');
    for (const c of sampleComments) expect(html).toContain(esc(c.text));
    expect(html.match(/<li class="comment">/g)).toHaveLength(3);
    expect(html).toContain('Post Comments');
    expect(hasTag(html, 'form', ['method="post"', 'aria-label="Post Comments"'])).toBe(true);
    expect(hasTag(html, 'textarea', ['name="comment"', 'required'])).toBe(true);
    expect(hasTag(html, 'input', ['name="name"', 'autoComplete="name"'])).toBe(true);
    expect(hasTag(html, 'input', ['name="email"', 'type="email"'])).toBe(true);
    expect(hasTag(html, 'input', ['name="website"', 'type="url"'])).toBe(true);
    expect(html).toMatch(/<button type="submit"[^>]*>Post comment<\/button>/);

    // Sidebar blocks, with the banner to /contact.
    for (const heading of ['Search', 'About our blog', 'Popular feeds', 'Categories', 'Social profile', 'Image feed', 'Tags']) {
      expect(html).toMatch(new RegExp(`<h2 class="widget__title"[^>]*>${heading}</h2>`));
    }
    expect(hasTag(html, 'a', ['class="btn btn--accent"', 'href="/contact"'])).toBe(true);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  // ADR 0052: what the HTML shows in full is not in the document twice.
  it.each(detailPaths)('%s: the hydration data leaves out the body, the cover and the sidebar, which the HTML has and the data request carries', async (path) => {
    const post = posts[2]!;
    const res = await get(`${path}?post=${post.slug}`);
    expect(res.status).toBe(200);
    const html = res.text;
    const hydration = /window\.__staticRouterHydrationData = JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(html);
    expect(hydration, 'hydration data').not.toBeNull();
    const data = (JSON.parse(JSON.parse(hydration![1]!) as string) as { loaderData: Record<string, Record<string, unknown>> }).loaderData[path]!;
    expect(data).not.toHaveProperty('body');
    expect(data).not.toHaveProperty('sidebar');
    expect(data).toMatchObject({ meta: { description: post.excerpt }, previous: { slug: posts[3]!.slug }, next: { slug: posts[1]!.slug } });
    expect(data.post).not.toHaveProperty('img');
    expect(data.post).toMatchObject({ slug: post.slug, title: post.title, date: post.date, author: post.author });
    // The kept blocks are in the HTML in full: the post's words, the sidebar's feeds.
    const firstWords = postBody(post.slug).find((b) => b.kind === 'p')!;
    expect(html).toMatch(/<div class="post__body" data-kept="post-body">/);
    expect(html).toContain(esc('text' in firstWords ? firstWords.text.slice(0, 60) : ''));
    expect(html).toMatch(/<aside class="blog-sidebar" aria-label="Blog sidebar" data-kept="blog-sidebar">/);
    if (path === '/blogDetails' || path === '/blogDetailsLeftSidebar') expect(html).toMatch(new RegExp(`<div class="post__medium" data-kept="post-cover"><img src="${post.img.src}"`));
    // A client-side navigation's data (the data request) carries all of it.
    const answer = await get(`${path}?post=${post.slug}&_data=${encodeURIComponent(path)}`);
    expect(answer.status).toBe(200);
    const full = (JSON.parse(answer.text) as { data: { post: { img: unknown }; body: { doc: unknown }; sidebar: { popular: unknown[] } } }).data;
    expect(full.post.img).toMatchObject({ src: post.img.src, alt: post.img.alt });
    expect(full.body.doc).toMatchObject({ type: 'doc' });
    expect(full.sidebar.popular).toHaveLength(3);
  });

  it('?post=<slug> shows that post with previous and next links; the title is the post’s', async () => {
    const post = posts[4]!;
    const res = await get(`/blogDetailsLeftSidebar?post=${post.slug}`);
    expect(res.status).toBe(200);
    expect(titleOf(res.text)).toContain(esc(post.title));
    expect(res.text).toContain('blog-shell--left');
    expect(res.text).toContain(`href="/blogDetailsLeftSidebar?post=${posts[5]!.slug}"`);
    expect(res.text).toContain(`href="/blogDetailsLeftSidebar?post=${posts[3]!.slug}"`);
    expect(res.text).toContain('Next post');
  });

  it.each(['/blogDetails?post=no-such-post', '/blogDetailsVideo?post=', '/blogDetailsGallery?post=%3Cscript%3E'])('%s answers 404', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found');
    expect(res.text).not.toContain('<script>');
  });

  it('each medium: audio and video are click-to-load placeholders, the gallery is a grid of images', async () => {
    const audio = (await get('/blogDetailsAudio')).text;
    expect(audio).toMatch(/data-embed="audio"/);
    const video = (await get('/blogDetailsVideo')).text;
    expect(video).toMatch(/data-embed="video"/);
    for (const html of [audio, video]) {
      expect(html).not.toContain('<iframe');
      expect(html).not.toMatch(/soundcloud\.com\/player|youtube-nocookie\.com\/embed/);
    }
    const gallery = (await get('/blogDetailsGallery')).text;
    const grid = /<ul class="post__medium post-gallery"[\s\S]*?<\/ul>/.exec(gallery)?.[0] ?? '';
    expect(grid.match(/<img /g)?.length).toBeGreaterThanOrEqual(4);
    const standard = (await get('/blogDetails')).text;
    expect(standard).not.toContain('post-gallery');
    expect(standard).not.toContain('data-embed');
  });
});
