import { describe, expect, it } from 'vitest';
import { badgeFor } from '../../lib/invitations/badge';
import { readyCount } from '../../lib/invitations/ready-count';
import { noteLength, truncateNote } from '../../lib/api/note-length';
import { profileSlug, profileUrl } from '../../lib/network/profile-url';
import { normalizeServiceUrl, originPattern } from '../../lib/api/service-url';
import type { ActionsSnapshot } from '../../lib/store/storage';

describe('profile slug', () => {
  it.each([
    'https://www.linkedin.com/in/Jane-Doe',
    'https://www.linkedin.com/in/jane-doe/',
    'https://www.linkedin.com/in/jane-doe/details/experience/',
    'https://fr.linkedin.com/in/jane-doe?originalSubdomain=fr',
    'https://www.linkedin.com/in/JANE-DOE/#top',
    'https://linkedin.com/in/jane%2Ddoe',
    // The parser drops a newline or a tab anywhere: what the guard before parsing lets through.
    'https\n://www.linkedin.com/in/jane-doe',
  ])('normalises %j to jane-doe', (url) => {
    expect(profileSlug(url)).toBe('jane-doe');
  });

  it('decodes percent-encoding and keeps accents', () => {
    expect(profileSlug('https://www.linkedin.com/in/%C3%89lodie-garnier/')).toBe('élodie-garnier');
    expect(profileUrl('élodie-garnier')).toBe('https://www.linkedin.com/in/%C3%A9lodie-garnier/');
  });

  it.each([
    null,
    '',
    'not a url',
    'https://evil.example/in/jane',
    'https://www.linkedin.com/company/acme',
    'https://linkedin.com.evil.example/in/x',
    'javascript://www.linkedin.com/in/x%0aalert(1)',
    'JavaScript://www.linkedin.com/in/jane-doe',
    'http://www.linkedin.com/in/jane-doe',
    'data://www.linkedin.com/in/jane-doe',
    'ftp://www.linkedin.com/in/jane-doe',
    'Jane Doe',
    '2026-12-02T10:00:00Z',
  ])('refuses %j (not an https: profile address)', (url) => {
    expect(profileSlug(url)).toBeNull();
  });
});

describe('service URL', () => {
  it('strips trailing slashes and /api or /api/api', () => {
    expect(normalizeServiceUrl(' https://svc.example/api/api/ ')).toEqual({ ok: true, url: 'https://svc.example', origin: 'https://svc.example' });
    expect(normalizeServiceUrl('app.example.com')).toEqual({ ok: true, url: 'https://app.example.com', origin: 'https://app.example.com' });
    expect(normalizeServiceUrl('ftp://app.example.com')).toMatchObject({ ok: false, problem: 'malformed' });
    expect(normalizeServiceUrl('https://svc.example/base/api')).toMatchObject({ url: 'https://svc.example/base' });
  });

  it('allows http only for local hosts', () => {
    expect(normalizeServiceUrl('http://127.0.0.1:8787')).toMatchObject({ ok: true });
    expect(normalizeServiceUrl('http://svc.example')).toEqual({ ok: false, problem: 'notHttps' });
  });

  it('refuses credentials in the address and non-web schemes', () => {
    expect(normalizeServiceUrl('https://u:p@svc.example')).toEqual({ ok: false, problem: 'credentials' });
    expect(normalizeServiceUrl('ftp://svc.example')).toEqual({ ok: false, problem: 'malformed' });
  });

  it('gives a port-less match pattern for the permission', () => {
    expect(originPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
  });
});

describe('note length', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(noteLength('👋🏽 salut')).toBe(8);
    expect('👋🏽 salut'.length).toBe(10);
  });

  it('truncates without splitting a surrogate pair', () => {
    expect(truncateNote('a😀b', 2)).toBe('a😀');
    expect(truncateNote('short', 200)).toBe('short');
  });
});

describe('badge', () => {
  const t = (key: string, subs?: (string | number)[]) => `${key}:${subs?.join(',') ?? ''}`;
  const snap = (n: number, full = false): ActionsSnapshot => ({
    actions: Array.from({ length: n }, (_, i) => ({ id: String(i), message: null, prospect: {} })),
    fetchedAt: 0,
    full,
    agentFilter: null,
  });
  const count = (snapshot: ActionsSnapshot | null) => readyCount(snapshot, null, undefined, [], 0);
  const countText = (snapshot: ActionsSnapshot) => badgeFor({ state: 'ok', at: 0 }, count(snapshot), t).text;

  it('shows the count, "25+" for a full page, nothing for zero', () => {
    expect(countText(snap(3))).toBe('3');
    expect(countText(snap(25, true))).toBe('25+');
    expect(badgeFor({ state: 'ok', at: 0 }, count(snap(0)), t)).toMatchObject({ text: '', title: 'badge.none:' });
  });

  it('counts the ready records without an identifier too: what waits, markable here or not (issue 49)', () => {
    expect(countText({ ...snap(2), unidentified: [[{ label: 'Name', value: 'Ana Ruiz' }]] })).toBe('3');
    expect(countText({ ...snap(0), unidentified: [[]] })).toBe('1');
  });

  it("counts apart the invitations whose agent waits, and its tooltip says them in the popup's words", () => {
    const agents = [{ id: 'ag_p', name: 'Salons Lyon', status: 'paused', isActive: false, internalNote: null }];
    const page = { ...snap(3), actions: snap(3).actions.map((a, i) => (i < 2 ? { ...a, agentId: 'ag_p' } : a)) };
    const badge = badgeFor({ state: 'ok', at: 0 }, readyCount(page, null, agents, [], 0), t);
    expect(badge.text).toBe('1');
    expect(badge.title).toBe('badge.ready:popup.count:1 · deskFlow.waiting.paused:2,Salons Lyon');
    const none = badgeFor({ state: 'ok', at: 0 }, readyCount({ ...page, actions: page.actions.slice(0, 2) }, null, agents, [], 0), t);
    expect(none).toMatchObject({ text: '', title: 'badge.ready:popup.count:0 · deskFlow.waiting.paused:2,Salons Lyon' });
  });

  it('has distinct badges for not set up and key rejected', () => {
    const setup = badgeFor({ state: 'not-set-up', at: 0 }, count(null), t);
    const rejected = badgeFor({ state: 'key-rejected', at: 0 }, count(snap(4)), t);
    expect(setup.text).not.toBe(rejected.text);
    expect(setup.color).not.toBe(rejected.color);
    expect(rejected.title).toBe('badge.keyRejected:');
  });

  it('keeps the last count in another colour when offline', () => {
    const offline = badgeFor({ state: 'offline', at: 0 }, count(snap(4)), t);
    expect(offline.text).toBe('4');
    expect(offline.color).not.toBe(badgeFor({ state: 'ok', at: 0 }, count(snap(4)), t).color);
  });
});
