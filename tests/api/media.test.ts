// Logo uploads and the images they become, ad frames (house ads and the ad proxy), and the dev SMS outbox.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as v from 'valibot';
import { ErrorResponse, HouseAd, UPLOAD_BYTES_MAX, User } from '../../src/contract/index.ts';
import { SmsOutboxEntry } from '../../src/contract/site-responses.ts';
import { createApp } from '../../src/server/app.ts';
import type { ServerDeps } from '../../src/server/context.ts';
import { houseAds, images, sessions, users } from '../../src/server/db/schema.ts';
import { createHttpSmsProvider } from '../../src/server/services/sms.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import {
  createTestApi,
  freshMobile,
  STRONG_PASSWORD,
  signUpVerified,
  TEST_IP,
  type TestApi,
  LOOPBACK_IP,
} from './harness.ts';

const GENERATED_NAME = /^upload-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

let api: TestApi;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
beforeAll(async () => {
  api = await createTestApi();
  owner = await signUpVerified(api, { firstName: 'Logo' });
});
afterAll(async () => {
  await api.close();
});

// ---------- image bytes ----------

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 RGBA PNG of one colour. */
function onePixelPng(rgba: [number, number, number, number]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JFIF file: SOI, an APP0 segment, then EOI. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'binary'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  randomBytes(32),
  Buffer.from([0xff, 0xd9]),
]);
const PNG = onePixelPng([11, 122, 117, 255]);
const GIF = Buffer.concat([
  Buffer.from('GIF89a', 'ascii'),
  Buffer.from([
    1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2,
    2, 0x44, 1, 0, 0x3b,
  ]),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const TEXT = Buffer.from('This is a text file renamed to logo.png\n');
const b64 = (bytes: Buffer) => bytes.toString('base64');

// ---------- helpers ----------

const expectError = (response: { status: number; body: any }, status: number) => {
  expect(response.status).toBe(status);
  expect(v.safeParse(ErrorResponse, response.body).issues).toBeUndefined();
};
/** Uploads as the owner unless another token, or null for none, is given. */
const upload = (body: unknown, token: string | null = owner.token) =>
  api.call('POST', '/api/temp/image/upload', { body, token: token ?? undefined });

/** The image bytes behind a URL, read over HTTP through the app. */
async function fetchImage(url: string) {
  const app = createApp(api.deps);
  const response = await app.request(url, {}, { incoming: { socket: { remoteAddress: TEST_IP } } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function currentLogo(user = owner) {
  const { status, body } = await api.call('GET', `/api/get/user/by/${user.userId}`, { token: user.token });
  expect(status).toBe(200);
  expect(v.safeParse(User, body.data).issues).toBeUndefined();
  return body.data.logoUrl as string | null;
}
const imageCount = async () => (await api.handle.db.select({ name: images.name }).from(images)).length;

/** Calls an app built from the harness deps with some of them changed (same database). */
function appWith(changes: Partial<ServerDeps>) {
  const app = createApp({ ...api.deps, ...changes });
  return async (method: string, path: string, ip = TEST_IP) => {
    const response = await app.request(path, { method }, { incoming: { socket: { remoteAddress: ip } } });
    const text = await response.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep text */
    }
    return { status: response.status, body };
  };
}

describe('POST /api/temp/image/upload: sign-in required', () => {
  it('answers 401 without a token, with an unknown, expired, revoked or verify-only token', async () => {
    const before = await imageCount();
    expectError(await upload({ base64: b64(PNG) }, null), 401);
    expectError(await upload({ base64: b64(PNG) }, 'not-a-real-token'), 401);
    expectError(await upload({ base64: b64(PNG) }, 'x'.repeat(5000)), 401);

    const expired = randomBytes(32).toString('base64url');
    await api.handle.db.insert(sessions).values({
      tokenHash: hashToken(expired),
      userId: owner.userId,
      scope: 'session',
      expiresAt: new Date(Date.now() - 60_000),
    });
    expectError(await upload({ base64: b64(PNG) }, expired), 401);

    const other = await signUpVerified(api);
    expect((await api.call('POST', '/api/user/logout', { token: other.token })).status).toBe(200);
    expectError(await upload({ base64: b64(PNG) }, other.token), 401);
    expect(await currentLogo({ ...other, token: (await signIn(other)).token })).toBeNull();

    const created = await api.call('POST', '/api/create/new/user', {
      body: {
        firstName: 'Pending',
        businessName: null,
        BRno: null,
        mobileNo: freshMobile(),
        userType: 1,
        favoriteArea: [],
        termsAndCondition: true,
        password: STRONG_PASSWORD,
      },
    });
    expect(created.status).toBe(201);
    expectError(await upload({ base64: b64(PNG) }, created.body.data.token), 401);
    expect(await imageCount()).toBe(before);
  });
});

async function signIn(user: { mobileNo: string; password: string }) {
  const { status, body } = await api.call('POST', '/api/user/authentication', {
    body: { mobileNo: user.mobileNo, password: user.password },
  });
  expect(status).toBe(200);
  return body as { token: string };
}

describe('POST /api/temp/image/upload: accepted images', () => {
  it('stores a PNG under a generated name, serves it back byte for byte and makes it the logo', async () => {
    const { status, body } = await upload({ base64: b64(PNG) });
    expect(status).toBe(201);
    expect(body.status).toBe(true);
    const { pictureName, url } = body.data;
    expect(pictureName).toMatch(GENERATED_NAME);
    expect(pictureName.endsWith('.png')).toBe(true);
    expect(url).toBe(`/api/images/${pictureName}`);

    const served = await fetchImage(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(PNG)).toBe(true);

    expect(await currentLogo()).toBe(url);
    const [row] = await api.handle.db.select().from(images).where(eq(images.name, pictureName));
    expect(row!.ownerUserId).toBe(owner.userId);
    expect(row!.contentType).toBe('image/png');
  });

  it('takes a JPEG in the { data: { base64 } } form', async () => {
    const { status, body } = await upload({ data: { base64: b64(JPEG) } });
    expect(status).toBe(201);
    expect(body.data.pictureName).toMatch(GENERATED_NAME);
    expect(body.data.pictureName.endsWith('.jpg')).toBe(true);
    const served = await fetchImage(body.data.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.bytes.equals(JPEG)).toBe(true);
    expect(await currentLogo()).toBe(body.data.url);
  });

  it('accepts a data: URL and line-wrapped base64', async () => {
    const red = onePixelPng([255, 0, 0, 255]);
    const withPrefix = await upload({ base64: `data:image/png;base64,${b64(red)}` });
    expect(withPrefix.status).toBe(201);
    expect((await fetchImage(withPrefix.body.data.url)).bytes.equals(red)).toBe(true);

    const wrapped = await upload({
      data: { base64: `data:image/jpeg;base64,${b64(JPEG).replace(/(.{16})/g, '$1\n')}` },
    });
    expect(wrapped.status).toBe(201);
    expect((await fetchImage(wrapped.body.data.url)).bytes.equals(JPEG)).toBe(true);
  });

  it('ignores any name the client sends and never reuses a name', async () => {
    const [ad] = await api.handle.db.select().from(houseAds).limit(1);
    const seeded = ad!.imageUrl.split('/').at(-1)!;
    const seededBytes = (await fetchImage(ad!.imageUrl)).bytes;
    const names = [];
    for (const body of [
      { base64: b64(PNG), name: '../../etc/passwd', pictureName: 'evil.svg', fileName: 'logo.php' },
      { base64: b64(PNG), pictureName: seeded },
      { data: { base64: b64(PNG), pictureName: 'evil.png' } },
    ]) {
      const { status, body: response } = await upload(body);
      expect(status).toBe(201);
      expect(response.data.pictureName).toMatch(GENERATED_NAME);
      names.push(response.data.pictureName);
    }
    expect(new Set(names).size).toBe(3);
    for (const name of ['evil.svg', 'evil.png', 'logo.php'])
      expect(await api.handle.db.select().from(images).where(eq(images.name, name))).toEqual([]);
    // The seeded image of that name is untouched.
    const after = await fetchImage(ad!.imageUrl);
    expect(after.headers.get('content-type')).toBe('image/webp');
    expect(after.bytes.equals(seededBytes)).toBe(true);
  });

  it("recognises the type by the bytes, not by a data: URL's claim", async () => {
    const { status, body } = await upload({ base64: `data:image/gif;base64,${b64(PNG)}` });
    expect(status).toBe(201);
    expect(body.data.pictureName.endsWith('.png')).toBe(true);
    expectError(await upload({ base64: `data:image/png;base64,${b64(GIF)}` }), 400);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const bytes = Buffer.alloc(UPLOAD_BYTES_MAX, 7);
    PNG.copy(bytes, 0, 0, 8);
    const { status, body } = await upload({ base64: b64(bytes) });
    expect(status).toBe(201);
    const served = await fetchImage(body.data.url);
    expect(served.bytes.length).toBe(UPLOAD_BYTES_MAX);
    expect(served.bytes.equals(bytes)).toBe(true);
  });

  it("uploads for the token's own user only", async () => {
    const other = await signUpVerified(api);
    const before = await currentLogo();
    const { status, body } = await upload({ base64: b64(PNG), userId: owner.userId }, other.token);
    expect(status).toBe(201);
    expect(await currentLogo(other)).toBe(body.data.url);
    expect(await currentLogo()).toBe(before);
  });
});

describe('POST /api/temp/image/upload: refused images', () => {
  it('answers 400 for GIF, SVG, text, bad base64 and empty input, and changes nothing', async () => {
    const logo = await currentLogo();
    const before = await imageCount();
    const refused: unknown[] = [
      { base64: b64(GIF) },
      { base64: b64(SVG) },
      { data: { base64: b64(SVG) } },
      { base64: `data:image/svg+xml;base64,${b64(SVG)}` },
      { base64: b64(TEXT) },
      { base64: `data:image/png;base64,${b64(TEXT)}` },
      { base64: b64(PNG.subarray(0, 7)) },
      { base64: '!!!not base64!!!' },
      { base64: 'abcde' },
      { base64: `${b64(PNG)}%%` },
      { base64: SVG.toString() },
      { base64: '' },
      { base64: '   ' },
      { data: { base64: '' } },
      { base64: 'data:image/png;base64,' },
      { base64: 123 },
      { base64: {} },
      { base64: [b64(PNG)] },
      { base64: null },
      { data: b64(PNG) },
      { data: null },
      { image: b64(PNG) },
      {},
      [],
      null,
      b64(PNG),
      42,
    ];
    for (const body of refused) {
      const response = await upload(body);
      expectError(response, 400);
    }
    expectError(
      await api.call('POST', '/api/temp/image/upload', { rawBody: `{"base64":"${b64(PNG)}"`, token: owner.token }),
      400,
    );
    expectError(await api.call('POST', '/api/temp/image/upload', { token: owner.token }), 400);
    expect(await imageCount()).toBe(before);
    expect(await currentLogo()).toBe(logo);
  });

  it('refuses an image over 5 MB with 400 or 413, never 500', async () => {
    const before = await imageCount();
    const justOver = Buffer.alloc(UPLOAD_BYTES_MAX + 1, 1);
    PNG.copy(justOver, 0, 0, 8);
    const far = Buffer.alloc(8 * 1024 * 1024, 1);
    PNG.copy(far, 0, 0, 8);
    for (const bytes of [justOver, far]) {
      const response = await upload({ base64: b64(bytes) });
      expect([400, 413]).toContain(response.status);
      expect(response.body.status).toBe(false);
      expect(typeof response.body.message).toBe('string');
    }
    expect(await imageCount()).toBe(before);
  });
});

describe('GET /api/images/{name}', () => {
  const storedImage = async (name: string) =>
    (await api.handle.db.select().from(images).where(eq(images.name, name)))[0];

  it('serves a seeded ad as WebP, drawn from its SVG on the first request and kept for every process', async () => {
    const [ad] = await api.handle.db.select().from(houseAds).limit(1);
    expect(ad!.imageUrl).toMatch(/^\/api\/images\/ad-\d+\.webp$/);
    const name = ad!.imageUrl.slice('/api/images/'.length);
    const source = await storedImage(name.replace(/\.webp$/, '.svg'));
    expect(source!.contentType).toBe('image/svg+xml');
    await api.handle.db.delete(images).where(eq(images.name, name)); // drawn by an earlier test, if any

    const served = await fetchImage(ad!.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The 300-unit ad is drawn 300 pixels wide.
    expect((await sharp(served.bytes).metadata()).width).toBe(300);
    const kept = await storedImage(name);
    expect(kept!.contentType).toBe('image/webp');
    expect(kept!.ownerUserId).toBeNull();
    expect(Buffer.from(kept!.bytes).equals(served.bytes)).toBe(true);
    // The next request is served the kept bytes.
    const again = await fetchImage(ad!.imageUrl);
    expect(again.bytes.equals(served.bytes)).toBe(true);
  });

  it('serves a drawing as PNG with a palette, and the drawing itself as SVG', async () => {
    const icon = await fetchImage('/api/images/icon-dining.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(icon.bytes.readUInt32BE(16)).toBe(96); // the 24-unit icon, drawn 96 pixels wide
    expect(icon.bytes[25]).toBe(3); // colour type 3: a palette
    const svg = await fetchImage('/api/images/icon-dining.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.bytes.toString('utf8')).toContain('<svg');
  });

  it('draws only from a drawing: an uploaded image, another format or a missing SVG is not found', async () => {
    const uploaded = await upload({ base64: b64(PNG) });
    const uploadName: string = uploaded.body.data.pictureName;
    expect(uploadName).toMatch(/\.png$/);
    // An owner's SVG row (none can be uploaded, but were one there) is not drawn either.
    const ownedSource = `owned-${Date.now()}`;
    await api.handle.db.insert(images).values({
      name: `${ownedSource}.svg`,
      contentType: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      ownerUserId: owner.userId,
    });
    const before = await imageCount();
    for (const name of [
      uploadName.replace(/\.png$/, '.webp'),
      `${ownedSource}.png`,
      'icon-dining.jpg',
      'merchant-999999.png',
    ])
      expectError(await api.call('GET', `/api/images/${name}`), 404);
    expect(await imageCount()).toBe(before);
  });

  it('answers 404 for an unknown name and 400 for names that are not ours', async () => {
    expectError(await api.call('GET', '/api/images/upload-00000000-0000-4000-8000-000000000000.png'), 404);
    for (const bad of [
      '..%2F..%2Fetc%2Fpasswd',
      'LOGO.PNG',
      'logo.gif',
      '%3Cscript%3E.png',
      '1%27%20OR%20%271%27%3D%271',
      `${'a'.repeat(5000)}.png`,
      '%00.png',
      '.hidden.png',
    ]) {
      expectError(await api.call('GET', `/api/images/${bad}`), 400);
    }
  });

  it('reads an image from the database once: its name is never reused, so it is served again from memory', async () => {
    const app = createApp(api.deps); // one process's memory
    const serve = async (name: string) => {
      const response = await app.request(
        `/api/images/${name}`,
        {},
        { incoming: { socket: { remoteAddress: TEST_IP } } },
      );
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    };
    const name = `kept-${Date.now()}.png`;
    expect((await serve(name)).status).toBe(404); // an unknown name is not kept
    await api.handle.db
      .insert(images)
      .values({ name, contentType: 'image/png', bytes: PNG, ownerUserId: owner.userId });
    const first = await serve(name);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(PNG)).toBe(true);
    await api.handle.db.delete(images).where(eq(images.name, name));
    expect(await serve(name)).toEqual(first);
  });
});

describe('GET /api/ads: house ads', () => {
  const activeAds = () => api.handle.db.select().from(houseAds).where(eq(houseAds.isActive, true));

  it('serves one house ad from the seed in the HouseAd shape', async () => {
    const rows = await activeAds();
    expect(rows.length).toBeGreaterThan(1);
    const { status, body } = await api.call('GET', '/api/ads?placement=inner&ad_space=right&count=1');
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.source).toBe('house');
    expect(body.data).toHaveLength(1);
    expect(v.safeParse(HouseAd, body.data[0]).issues).toBeUndefined();
    const row = rows.find((ad) => ad.adId === body.data[0].adId)!;
    expect(body.data[0]).toEqual({
      adId: row.adId,
      title: row.title,
      body: row.body,
      imageUrl: row.imageUrl,
      linkUrl: row.linkUrl,
    });
    // The defaults are the same frame.
    const defaults = await api.call('GET', '/api/ads');
    expect(defaults.status).toBe(200);
    expect(defaults.body.data).toHaveLength(1);
  });

  it('serves as many distinct ads as asked for, up to those there are', async () => {
    const rows = await activeAds();
    const two = await api.call('GET', '/api/ads?placement=inner&ad_space=right&count=2');
    expect(two.body.data).toHaveLength(2);
    expect(new Set(two.body.data.map((ad: { adId: number }) => ad.adId)).size).toBe(2);
    const all = await api.call('GET', '/api/ads?count=10');
    expect(all.body.data.map((ad: { adId: number }) => ad.adId).sort()).toEqual(rows.map((ad) => ad.adId).sort());
    for (const ad of all.body.data) expect(v.safeParse(HouseAd, ad).issues).toBeUndefined();
  });

  it('never serves an inactive ad', async () => {
    const [keep] = await activeAds();
    await api.handle.db.update(houseAds).set({ isActive: false }).where(ne(houseAds.adId, keep!.adId));
    try {
      const { body } = await api.call('GET', '/api/ads?count=10');
      expect(body.data.map((ad: { adId: number }) => ad.adId)).toEqual([keep!.adId]);
    } finally {
      await api.handle.db.update(houseAds).set({ isActive: true });
    }
  });

  it('answers 400 for a bad placement, ad space or count', async () => {
    for (const query of [
      'placement=outer',
      'placement=%3Cscript%3E',
      'ad_space=left',
      "ad_space=1'%20OR%20'1'='1",
      'count=0',
      'count=11',
      'count=abc',
      'count=-1',
      'count=1.5',
      `count=${'9'.repeat(5000)}`,
    ]) {
      const response = await api.call('GET', `/api/ads?${query}`);
      expectError(response, 400);
      expect(response.body.issues.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/ads: the ad proxy', () => {
  let server: Server;
  let proxyUrl: string;
  let mode: 'ok' | 'error' | 'html' | 'no-array' | 'hang' = 'ok';
  const requests: URL[] = [];
  const proxyAds = [1, 2, 3].map((n) => ({
    adId: 900 + n,
    title: `Partner ad ${n}`,
    body: 'From the ad network',
    imageUrl: `https://ads.example/${n}.png`,
    linkUrl: `https://ads.example/click/${n}`,
  }));

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push(new URL(req.url ?? '/', 'http://proxy.local'));
      if (mode === 'hang') return; // never answers: the API must give up on its own
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
        return;
      }
      if (mode === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      }
      if (mode === 'no-array') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"adId":1}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: proxyAds }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/frames?site=offerlanka`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("serves the proxy's ads and passes placement, ad_space and count on", async () => {
    mode = 'ok';
    requests.length = 0;
    const call = appWith({ adProxyUrl: proxyUrl });
    const { status, body } = await call('GET', '/api/ads?placement=inner&ad_space=right&count=2');
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, source: 'proxy', data: proxyAds.slice(0, 2) });
    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.pathname).toBe('/frames');
    expect(sent.searchParams.get('site')).toBe('offerlanka');
    expect(sent.searchParams.get('placement')).toBe('inner');
    expect(sent.searchParams.get('ad_space')).toBe('right');
    expect(sent.searchParams.get('count')).toBe('2');

    const one = await call('GET', '/api/ads');
    expect(one.body.data).toEqual(proxyAds.slice(0, 1));
    expect(requests[1]!.searchParams.get('count')).toBe('1');
  });

  it('does not call the proxy for a bad query', async () => {
    mode = 'ok';
    requests.length = 0;
    expectError(await appWith({ adProxyUrl: proxyUrl })('GET', '/api/ads?placement=outer'), 400);
    expect(requests).toHaveLength(0);
  });

  for (const failing of ['error', 'html', 'no-array'] as const) {
    it(`falls back to house ads when the proxy answers ${failing}`, async () => {
      mode = failing;
      requests.length = 0;
      const { status, body } = await appWith({ adProxyUrl: proxyUrl })(
        'GET',
        '/api/ads?placement=inner&ad_space=right&count=1',
      );
      expect(requests).toHaveLength(1);
      expect(status).toBe(200);
      expect(body.source).toBe('house');
      expect(body.data).toHaveLength(1);
      expect(v.safeParse(HouseAd, body.data[0]).issues).toBeUndefined();
      expect(body.data[0].adId).toBeLessThan(900);
    });
  }

  it('falls back to house ads when the proxy does not answer in time', async () => {
    mode = 'hang';
    const started = Date.now();
    const { status, body } = await appWith({ adProxyUrl: proxyUrl })('GET', '/api/ads?count=1');
    expect(status).toBe(200);
    expect(body.source).toBe('house');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('falls back to house ads when the proxy is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { status, body } = await appWith({ adProxyUrl: `http://127.0.0.1:${port}/` })('GET', '/api/ads?count=2');
    expect(status).toBe(200);
    expect(body.source).toBe('house');
    expect(body.data).toHaveLength(2);
  });
});

describe('GET /api/dev/sms-outbox/{mobileNo}', () => {
  it('lists the codes sent to a number, newest first', async () => {
    const mobileNo = freshMobile();
    const created = await api.call('POST', '/api/create/new/user', {
      body: {
        firstName: 'Outbox',
        businessName: null,
        BRno: null,
        mobileNo,
        userType: 1,
        favoriteArea: [],
        termsAndCondition: true,
        password: STRONG_PASSWORD,
      },
    });
    expect(created.status).toBe(201);
    const first = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    const resent = await api.call('POST', '/api/resend/verification/otp', {
      body: { mobileNo, userId: created.body.data.user.userId },
    });
    expect(resent.status).toBe(200);

    const { status, body } = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data).toHaveLength(2);
    for (const entry of body.data) {
      expect(v.safeParse(SmsOutboxEntry, entry).issues).toBeUndefined();
      expect(Object.keys(entry).sort()).toEqual(['code', 'message', 'mobileNo', 'sentAt']);
      expect(entry.mobileNo).toBe(mobileNo);
      expect(entry.code).toMatch(/^\d{6}$/);
      expect(entry.message).toContain(entry.code);
      expect(new Date(entry.sentAt).toISOString()).toBe(entry.sentAt);
    }
    const [newest, older] = body.data;
    expect(older).toEqual(first.body.data[0]);
    expect(Date.parse(newest.sentAt)).toBeGreaterThanOrEqual(Date.parse(older.sentAt));
    // The first entry is the live code: the resend replaced the older one.
    const verifyToken = created.body.data.token;
    if (older.code !== newest.code)
      expectError(
        await api.call('POST', '/api/verify/mobile', { body: { otpCode: older.code, token: verifyToken } }),
        400,
      );
    const verified = await api.call('POST', '/api/verify/mobile', {
      body: { otpCode: newest.code, token: verifyToken },
    });
    expect(verified.status).toBe(200);
  });

  it("keeps each number's messages apart and answers an empty list for a number never texted", async () => {
    const { mobileNo } = await signUpVerified(api);
    const quiet = freshMobile();
    expect((await api.call('GET', `/api/dev/sms-outbox/${quiet}`, { ip: LOOPBACK_IP })).body).toEqual({
      status: true,
      data: [],
    });
    const { body } = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((entry: { mobileNo: string }) => entry.mobileNo === mobileNo)).toBe(true);
  });

  it('answers 400 for a number that is not 9 digits', async () => {
    for (const bad of [
      '12345',
      '7712345678',
      'abcdefghi',
      '1%27%20OR%20%271%27%3D%271',
      '%3Cscript%3E',
      'x'.repeat(5000),
      '-1',
      '%00',
    ]) {
      expectError(await api.call('GET', `/api/dev/sms-outbox/${bad}`, { ip: LOOPBACK_IP }), 400);
    }
  });

  it('does not exist when the app sends SMS over HTTP', async () => {
    // Never called: nothing in this test sends a code.
    const call = appWith({ sms: createHttpSmsProvider('http://127.0.0.1:9/') });
    const { mobileNo } = owner;
    expect((await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).status).toBe(200);
    const response = await call('GET', `/api/dev/sms-outbox/${mobileNo}`, LOOPBACK_IP);
    expectError(response, 404);
    expect(JSON.stringify(response.body)).not.toMatch(/\d{6}/);
    // The rest of that app answers as usual.
    expect((await call('GET', '/api/ads')).status).toBe(200);
  });
});

describe('uploads do not touch other users', () => {
  it("leaves every other user's logo as it was", async () => {
    const others = await api.handle.db
      .select({ userId: users.userId, logoUrl: users.logoUrl })
      .from(users)
      .where(ne(users.userId, owner.userId));
    expect((await upload({ base64: b64(PNG) })).status).toBe(201);
    const after = await api.handle.db
      .select({ userId: users.userId, logoUrl: users.logoUrl })
      .from(users)
      .where(ne(users.userId, owner.userId));
    expect(after.sort((a, b) => a.userId - b.userId)).toEqual(others.sort((a, b) => a.userId - b.userId));
  });
});
