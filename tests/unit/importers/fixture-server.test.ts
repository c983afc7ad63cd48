// The importers' test server (tests/support/fixture-server.ts) answers as its routes say.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROBOTS_TXT, startFixtureServer, type FixtureServer } from '../../support/fixture-server.ts';

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer({ routes: { '/hello': { body: 'hello' } } });
});
afterEach(() => server.close());

describe('the fixture server', () => {
  it('listens on 127.0.0.1 and answers its routes', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/hello`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('hello');
  });

  it('answers 404 for an unknown path, and allows everything in its default robots.txt', async () => {
    expect((await fetch(`${server.url}/nothing`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toBe(DEFAULT_ROBOTS_TXT);
    server.setRoute('/robots.txt', { body: 'User-agent: *\nDisallow: /\n' });
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('sets, replaces and removes routes, and answers per request from a function', async () => {
    let calls = 0;
    server.setRoute('/count', () => ({
      status: 201,
      headers: { 'X-Call': String(++calls) },
      body: Buffer.from('made'),
    }));
    const first = await fetch(`${server.url}/count`);
    expect(first.status).toBe(201);
    expect(first.headers.get('x-call')).toBe('1');
    expect(first.headers.get('content-type')).toBe('application/octet-stream');
    expect((await fetch(`${server.url}/count`)).headers.get('x-call')).toBe('2');
    server.removeRoute('/count');
    expect((await fetch(`${server.url}/count`)).status).toBe(404);
  });

  it('counts hits per path, a query matching its path, until resetHits()', async () => {
    server.setRoute('/list?page=2', { body: 'second page' });
    await fetch(`${server.url}/hello`);
    await fetch(`${server.url}/list?page=2`);
    expect(await (await fetch(`${server.url}/list?page=2`)).text()).toBe('second page');
    expect((await fetch(`${server.url}/list?page=3`)).status).toBe(404);
    expect(server.hits('/hello')).toBe(1);
    expect(server.hits('/list')).toBe(3);
    expect(server.hits('/list?page=2')).toBe(2);
    expect(server.requests('/hello')[0]).toMatchObject({ method: 'GET', path: '/hello' });
    server.resetHits();
    expect(server.hits('/hello')).toBe(0);
    expect(server.requests()).toEqual([]);
  });

  it('answers a bare status with an empty body', async () => {
    server.setRoute('/down', { status: 500 });
    const response = await fetch(`${server.url}/down`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('');
  });

  it('sends a chunked body without Content-Length', async () => {
    server.setRoute('/chunked', { body: 'x'.repeat(100), chunked: true });
    const response = await fetch(`${server.url}/chunked`);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(await response.text()).toBe('x'.repeat(100));
  });

  it('waits delayMs before answering', async () => {
    server.setRoute('/slow', { delayMs: 100, body: 'late' });
    const started = performance.now();
    expect(await (await fetch(`${server.url}/slow`)).text()).toBe('late');
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('records when each request started and finished', async () => {
    server.setRoute('/slow', { delayMs: 50, body: 'late' });
    await fetch(`${server.url}/slow`).then((response) => response.text());
    const [request] = server.requests('/slow');
    expect(request!.finishedAt! - request!.startedAt).toBeGreaterThanOrEqual(45);
  });
});

describe('files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fixture-server-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const cases: [string, string][] = [
    ['offers.html', 'text/html; charset=utf-8'],
    ['offers.json', 'application/json'],
    ['offers.csv', 'text/csv; charset=utf-8'],
    ['banner.png', 'image/png'],
    ['banner.jpg', 'image/jpeg'],
    ['notes.txt', 'text/plain; charset=utf-8'],
  ];
  it.each(cases)('serves %s as %s', async (name, contentType) => {
    const file = join(dir, name);
    await writeFile(file, `contents of ${name}`);
    server.setRoute(`/${name}`, { file });
    const response = await fetch(`${server.url}/${name}`);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(await response.text()).toBe(`contents of ${name}`);
  });

  it('answers 500 with the reason when the file is missing', async () => {
    server.setRoute('/missing.html', { file: join(dir, 'missing.html') });
    const response = await fetch(`${server.url}/missing.html`);
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/^Fixture server: ENOENT/);
  });
});
