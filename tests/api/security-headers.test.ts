// Security headers, caching and CORS on the API's answers (issue 11, sections 2 and 3): every answer
// carries nosniff, a referrer policy, a permissions policy, framing refusal and a CSP that runs
// nothing; no answer is stored unless its route says so; HSTS when the site is https; and only the
// configured origins may call the three services from a browser, with no '*' ever sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, DEFAULT_BASES } from '../../src/server/app.ts';
import { readEnv } from '../../src/server/env.ts';
import { LINK_PAGE_STYLESHEET_PATH } from '../../src/server/http/link-page.ts';
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { createTestApi, signUpVerified, TEST_IP, type TestApi } from './harness.ts';

const SITE = 'https://offerlanka.lk';
const CDN = 'https://cdn.offerlanka.lk';
const OTHER = 'https://evil.example';

let api: TestApi;
let app: ReturnType<typeof createApp>;
let account: Awaited<ReturnType<typeof signUpVerified>>;

/** A request to the app as the split deployment runs it: https site, and pages on SITE and CDN may call it. */
const request = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
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
  app = createApp(api.deps, { ...DEFAULT_BASES, siteUrl: SITE, corsOrigins: [SITE, CDN] });
  account = await signUpVerified(api);
});
afterAll(async () => {
  await api?.close();
});

describe('security headers', () => {
  it('are on every answer: success, refusal, bad input and unknown route', async () => {
    const answers = [
      await request('GET', '/api/get/all/banks'),
      await request('GET', `/api/get/user/by/${account.userId}`),
      await request('POST', '/api/user/authentication', {}, { mobileNo: 'nope' }),
      await request('GET', '/api/no/such/route'),
      await request('GET', '/insight/top-offers-by-insight'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400, 404, expect.any(Number)]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
      expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
    expect(SECURITY_HEADERS).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(SECURITY_HEADERS['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('send HSTS only when the site is https', async () => {
    expect((await request('GET', '/api/get/all/banks')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000',
    );
    const plain = await api.call('GET', '/api/get/all/banks'); // the harness's app: no siteUrl
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const http = createApp(api.deps, { ...DEFAULT_BASES, siteUrl: 'http://localhost:4321' });
    expect((await http.request('/api/get/all/banks')).headers.get('strict-transport-security')).toBeNull();
  });

  it('leave a route its own policy and caching: images', async () => {
    const banks = (await (await request('GET', '/api/get/all/banks')).json()).data;
    const image = await request('GET', banks[0].logoURL);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('Cache-Control: no-store', () => {
  it('on answers that carry a token or personal data: sign-up, verify, sign-in, validate, profile, favourites', async () => {
    const auth = { authorization: `Bearer ${account.token}` };
    const signIn = await request(
      'POST',
      '/api/user/authentication',
      {},
      { mobileNo: account.mobileNo, password: account.password },
    );
    expect(signIn.status).toBe(200);
    const answers = {
      signIn,
      signUp: await request(
        'POST',
        '/api/create/new/user',
        {},
        {
          firstName: 'Kumari',
          businessName: null,
          BRno: null,
          mobileNo: '779990011',
          userType: 1,
          favoriteArea: [],
          termsAndCondition: true,
          password: account.password,
        },
      ),
      verify: await request('POST', '/api/verify/mobile', {}, { otpCode: '000000', token: 'x'.repeat(64) }),
      validate: await request('GET', `/api/session/validate/${account.token}`),
      profile: await request('GET', `/api/get/user/by/${account.userId}`, auth),
      favourites: await request('GET', `/api/get/offer/favorite/by/${account.userId}`, auth),
      refused: await request('GET', `/api/get/offer/favorite/by/${account.userId}`),
    };
    for (const [name, answer] of Object.entries(answers))
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
  });

  it('on every route of the three services that does not set its own (a new route cannot be missed)', async () => {
    const bases = Object.values(DEFAULT_BASES);
    // Images and the link pages' stylesheet say how long they may be kept.
    const keptByBrowsers = (path: string) =>
      path.startsWith('/api/images/') || path === `/api${LINK_PAGE_STYLESHEET_PATH}`;
    const routes = app.routes.filter(
      (route) =>
        route.method !== 'ALL' &&
        bases.some((base) => route.path.startsWith(`${base}/`)) &&
        !keptByBrowsers(route.path),
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const { method, path } of routes) {
      const answer = await request(method, path.replace(/:\w+/g, '1'));
      expect(answer.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
    }
  });
});

describe('CORS', () => {
  const preflight = (path: string, origin: string, method = 'POST') =>
    request('OPTIONS', path, {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    });

  it('answers a preflight from an allowed origin on each service: 204, that origin, the methods and headers the site sends', async () => {
    for (const [path, method] of [
      ['/api/user/authentication', 'POST'],
      ['/api/add/user/favorite/offer', 'PUT'],
      ['/insight/new/impression', 'POST'],
      ['/demo/user/authentication', 'POST'],
    ] as const) {
      for (const origin of [SITE, CDN]) {
        const answer = await preflight(path, origin, method);
        expect(answer.status, path).toBe(204);
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
        expect(answer.headers.get('access-control-allow-methods')?.split(',')).toEqual(
          expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
        );
        expect(answer.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
          expect.arrayContaining(['authorization', 'content-type']),
        );
        expect(answer.headers.get('access-control-max-age')).toBe('600');
        expect(answer.headers.get('vary')).toContain('Origin');
      }
    }
  });

  it('gives another origin no Access-Control-Allow-Origin, for a preflight or a call', async () => {
    const answer = await preflight('/api/user/authentication', OTHER);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const call = await request('GET', '/api/get/all/banks', { origin: OTHER });
    expect(call.status).toBe(200);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    expect(call.headers.get('vary')).toContain('Origin');
  });

  it('lets an allowed page read answers and refusals, with Retry-After exposed', async () => {
    const list = await request('GET', '/api/get/all/banks', { origin: CDN });
    expect(list.headers.get('access-control-allow-origin')).toBe(CDN);
    expect(list.headers.get('access-control-expose-headers')).toBe('Retry-After');
    const refused = await request('GET', `/api/get/offer/favorite/by/${account.userId}`, {
      origin: CDN,
      authorization: 'Bearer nope',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(CDN);
    const bad = await request('POST', '/api/user/authentication', { origin: CDN }, { mobileNo: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe(CDN);
  });

  it('never sends a wildcard, whatever the request says', async () => {
    for (const origin of [SITE, OTHER, '*', 'null', '']) {
      for (const answer of [
        await preflight('/api/user/authentication', origin),
        await request('GET', '/api/get/all/banks', origin ? { origin } : {}),
      ]) {
        expect(answer.headers.get('access-control-allow-origin')).not.toBe('*');
        if (origin !== SITE) expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    const closed = await api.call('OPTIONS', '/api/user/authentication', {
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(closed.headers.get('access-control-allow-origin'), 'no origins configured: none allowed').toBeNull();
  });

  it('is not applied to the site: its pages are not the API', async () => {
    const page = await request('GET', '/', { origin: CDN });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it("defaults to SITE_URL's origin, and takes a comma-separated list of origins", () => {
    expect(readEnv({}).CORS_ORIGINS).toEqual(['http://localhost:4321']);
    expect(readEnv({ SITE_URL: 'https://offerlanka.lk/some/path' }).CORS_ORIGINS).toEqual(['https://offerlanka.lk']);
    expect(
      readEnv({ CORS_ORIGINS: 'https://offerlanka.lk, https://cdn.offerlanka.lk/ ,http://localhost:8080' })
        .CORS_ORIGINS,
    ).toEqual(['https://offerlanka.lk', 'https://cdn.offerlanka.lk', 'http://localhost:8080']);
  });

  it('refuses a wildcard, a path or something that is not an http(s) origin, naming the setting', () => {
    for (const value of ['*', 'https://offerlanka.lk/api', 'offerlanka.lk', 'ftp://offerlanka.lk', 'https://ok.lk,*']) {
      expect(() => readEnv({ CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS must be origins/);
    }
  });
});
