// The services' answers are gzipped for a client that takes gzip (src/server/app.ts): a page of
// offers is tens of KB of JSON on a phone's network. A client that does not ask gets the plain bytes.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApi, TEST_IP, type TestApi } from './harness.ts';

let api: TestApi;
let app: ReturnType<typeof createApp>;

const request = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  app.request(
    path,
    {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: TEST_IP } } },
  );

beforeAll(async () => {
  api = await createTestApi();
  app = createApp(api.deps);
});
afterAll(async () => {
  await api?.close();
});

describe('answer compression', () => {
  it('gzips a list of offers for a client that takes gzip: the same JSON, a fraction of the bytes', async () => {
    const plain = await request('POST', '/api/get/offers/filter/multiple/1/20', {}, {});
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();

    const zipped = await request(
      'POST',
      '/api/get/offers/filter/multiple/1/20',
      { 'accept-encoding': 'br, gzip, deflate' },
      {},
    );
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const zippedBytes = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(zippedBytes).toString('utf8'))).toEqual(JSON.parse(plainBytes.toString('utf8')));
    expect(zippedBytes.length).toBeLessThan(plainBytes.length / 3);
  });

  it('gzips refusals too, keeping their status and the security headers', async () => {
    const answer = await request(
      'POST',
      '/api/get/offer/multiple',
      { 'accept-encoding': 'gzip' },
      { offerIds: 'nope' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')).status).toBe(false);
  });
});
