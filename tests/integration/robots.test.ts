import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pages } from '../../shared/app/routes';
import { makeTestApp } from '../support/test-app';

/**
 * robots.txt as two kinds of crawler read it. Google and RFC 9309 take the most specific
 * (longest) matching rule, Allow winning a tie; Python's urllib.robotparser and other older
 * parsers take the first rule that matches, in the file's order. Each is written here as its
 * rule says, and Python's own parser reads the file too: every reader must agree with the policy.
 */

interface Rule {
  allow: boolean;
  path: string;
}

/** The rules of the group for every crawler (`User-agent: *`), in the file's order. */
function starGroup(text: string): Rule[] {
  const rules: Rule[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, field = '', value = ''] = m;
    const key = field.toLowerCase();
    if (key === 'user-agent') {
      // A user-agent line after rules starts a new group.
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      if (agents.includes('*')) rules.push({ allow: key === 'allow', path: value });
    }
  }
  return rules;
}

/** RFC 9309 2.2.2: `*` matches any run of characters, a final `$` the end of the path. */
function matches(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const body = (anchored ? rule.slice(0, -1) : rule).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

/** Google's rule (RFC 9309): the longest matching path wins; on a tie, Allow; no match, allowed. An empty Disallow matches nothing. */
function allowedByLongestMatch(rules: readonly Rule[], path: string): boolean {
  const hits = rules.filter((r) => r.path !== '' && matches(r.path, path));
  if (hits.length === 0) return true;
  const longest = Math.max(...hits.map((r) => r.path.length));
  return hits.some((r) => r.path.length === longest && r.allow);
}

/** The first-match rule (urllib.robotparser): the first rule whose path is a prefix decides; no match, allowed. */
function allowedByFirstMatch(rules: readonly Rule[], path: string): boolean {
  for (const r of rules) {
    // robotparser reads "Disallow:" with no path as "allow everything".
    if (r.path === '') return true;
    if (path.startsWith(r.path)) return r.allow;
  }
  return true;
}

/** Python's urllib.robotparser on the same text: which of the paths it lets a crawler fetch. */
function allowedByPython(text: string, origin: string, paths: readonly string[]): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'data = json.load(sys.stdin)',
    'parser = urllib.robotparser.RobotFileParser()',
    "parser.parse(data['text'].splitlines())",
    "print(json.dumps([parser.can_fetch('*', data['origin'] + p) for p in data['paths']]))",
  ].join('\n');
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify({ text, origin, paths }), encoding: 'utf8' });
  // No silent pass: without python3 this check fails and says so.
  expect(run.error, 'python3 must be installed for this test (Debian: apt-get install python3)').toBeUndefined();
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as boolean[];
}

const app = makeTestApp();
const ORIGIN = 'http://localhost:3000';

/** Addresses no crawler should fetch: the staff area (every private staff route), the API, the newsletter's one-time links. */
const closed = [
  '/staff',
  '/staff/',
  '/staff/requests',
  '/staff/bookings/BK-7KQ2M',
  '/staff/calendar/abc.ics',
  ...pages.filter((p) => p.path.startsWith('/staff')).map((p) => p.path.replace(/:(\w+)/g, 'x')),
  '/api/',
  '/api/data?path=%2Fcontact',
  '/newsletter/confirm?token=abc',
  '/newsletter/unsubscribe?token=abc',
];

describe('robots.txt read by first match and by longest match', () => {
  it('every public address is open and every closed one is closed, whichever rule the crawler applies', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    const rules = starGroup(res.text);
    expect(rules.length).toBeGreaterThan(0);
    const sitemap = await request(app).get('/sitemap.xml');
    const open = ['/', '/robots.txt', '/sitemap.xml', ...[...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').slice(ORIGIN.length))];
    expect(open.length).toBeGreaterThan(20);

    for (const path of open) {
      expect(allowedByLongestMatch(rules, path), `longest match: ${path}`).toBe(true);
      expect(allowedByFirstMatch(rules, path), `first match: ${path}`).toBe(true);
    }
    for (const path of closed) {
      expect(allowedByLongestMatch(rules, path), `longest match: ${path}`).toBe(false);
      expect(allowedByFirstMatch(rules, path), `first match: ${path}`).toBe(false);
    }
    const python = allowedByPython(res.text, ORIGIN, [...open, ...closed]);
    expect(python).toEqual([...open.map(() => true), ...closed.map(() => false)]);
  });

  it('the two readers do disagree on a file that starts with Allow: / (the fault this order avoids)', () => {
    const rules = starGroup('User-agent: *\nAllow: /\nDisallow: /staff\n');
    expect(allowedByLongestMatch(rules, '/staff/requests')).toBe(false);
    expect(allowedByFirstMatch(rules, '/staff/requests')).toBe(true);
    expect(allowedByPython('User-agent: *\nAllow: /\nDisallow: /staff\n', ORIGIN, ['/staff/requests'])).toEqual([true]);
  });

  it('the longest-match reader follows RFC 9309: wildcards, the end anchor, Allow winning a tie', () => {
    const rules = starGroup('User-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /*.ics$\nAllow: /staff/open\nDisallow: /staff\nDisallow:\n');
    expect(allowedByLongestMatch(rules, '/a/b.ics')).toBe(false);
    expect(allowedByLongestMatch(rules, '/a/b.ics?x=1')).toBe(true);
    expect(allowedByLongestMatch(rules, '/staff/open/x')).toBe(true);
    expect(allowedByLongestMatch(rules, '/staff/x')).toBe(false);
    expect(allowedByLongestMatch(rules, '/about')).toBe(true);
    expect(allowedByLongestMatch(starGroup('User-agent: *\nAllow: /p\nDisallow: /p\n'), '/page')).toBe(true);
  });
});
