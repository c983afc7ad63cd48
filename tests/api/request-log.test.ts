// The request log (LOG_REQUESTS=1) and the error log keep no secret: every route that carries a
// token in its path or query is called with a live token, and no logged line holds it; nor does
// any line hold the Authorization header's token. Also GET /api/session/validate, the header form
// of §7's session check that the site's own client uses.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponse } from '../../src/contract/index.ts';
import { createApp, DEFAULT_BASES } from '../../src/server/app.ts';
import { reminderStopToken } from '../../src/server/domain/reminders.ts';
import { unsubscribeToken } from '../../src/server/domain/alerts.ts';
import { REDACTED, redactSecrets } from '../../src/server/http/request-log.ts';
import { expectError } from './expectations.ts';
import { createTestApi, signUpVerified, TEST_IP, type TestApi } from './harness.ts';
import { fillPath, pathParams, ROUTES } from './routes.ts';

let api: TestApi;
let app: ReturnType<typeof createApp>;
const lines: string[] = [];

beforeAll(async () => {
  api = await createTestApi({ seed: false, rateLimits: false });
  app = createApp(api.deps, { ...DEFAULT_BASES, logRequests: true, logLine: (line) => lines.push(line) });
});
afterAll(async () => {
  await api?.close();
});

/** The lines logged while `request` ran, and its answer's status. */
async function logged(method: string, path: string, headers: Record<string, string> = {}) {
  const from = lines.length;
  const response = await app.request(path, { method, headers }, { incoming: { socket: { remoteAddress: TEST_IP } } });
  await response.arrayBuffer();
  return { status: response.status, lines: lines.slice(from) };
}

/** Every route that takes a secret in its path, by the name of its parameter. */
const SECRET_PARAMS = new Set(['sessionToken', 'feedFile']);

describe('the request log', () => {
  it('names each secret-carrying route with its token redacted, for live tokens', async () => {
    const account = await signUpVerified(api);
    const feed = await api.call('POST', '/api/user/calendar-feed', { token: account.token });
    const feedToken: string = feed.body.data.token;
    const address = `log-${account.userId}@example.com`;
    expect((await api.call('POST', '/api/user/email', { token: account.token, body: { email: address } })).status).toBe(
      200,
    );
    const verifyToken = /\/email\/verify\?token=([A-Za-z0-9_.-]+)/.exec(api.mail.outbox(address)[0]!.text)![1]!;
    const stopToken = await reminderStopToken(api.handle.db, account.userId);
    const optOutToken = await unsubscribeToken(api.handle.db, account.userId);

    const cases: Array<[method: string, path: string, secret: string, status: number, shown: string]> = [
      ['GET', `/api/session/validate/${account.token}`, account.token, 200, `/api/session/validate/${REDACTED}`],
      ['GET', `/api/calendar/${feedToken}.ics`, feedToken, 200, `/api/calendar/${REDACTED}.ics`],
      [
        'GET',
        `/api/reminders/stop?token=${stopToken}&lang=si`,
        stopToken,
        200,
        `/api/reminders/stop?token=${REDACTED}&lang=si`,
      ],
      [
        'GET',
        `/api/email/unsubscribe?token=${optOutToken}`,
        optOutToken,
        200,
        `/api/email/unsubscribe?token=${REDACTED}`,
      ],
      [
        'POST',
        `/api/email/unsubscribe?token=${optOutToken}`,
        optOutToken,
        200,
        `/api/email/unsubscribe?token=${REDACTED}`,
      ],
      ['GET', `/api/email/verify?token=${verifyToken}`, verifyToken, 200, `/api/email/verify?token=${REDACTED}`],
    ];
    for (const [method, path, secret, status, shown] of cases) {
      const result = await logged(method, path);
      expect(result.status, path).toBe(status);
      expect(result.lines, path).toHaveLength(2); // in, and answered
      for (const line of result.lines) {
        expect(line).not.toContain(secret);
        expect(line).toContain(`${method} ${shown}`);
      }
    }
  });

  it('never logs the Authorization header, on the header form of the session check or elsewhere', async () => {
    const account = await signUpVerified(api);
    const authorization = { authorization: `Bearer ${account.token}` };
    const checked = await logged('GET', '/api/session/validate', authorization);
    expect(checked.status).toBe(200);
    const user = await logged('GET', `/api/get/user/by/${account.userId}`, authorization);
    expect(user.status).toBe(200);
    expect([...checked.lines, ...user.lines].join('\n')).not.toContain(account.token);
    expect(checked.lines[0]).toBe('<-- GET /api/session/validate');
  });

  it('redacts every path parameter that is a secret, on every route of the app', async () => {
    const secretRoutes = ROUTES.filter((route) => pathParams(route.path).some((name) => SECRET_PARAMS.has(name)));
    expect(secretRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/calendar/:feedFile',
      'GET /api/session/validate/:sessionToken',
    ]);
    // A parameter named like a secret is listed above: a new route with one is caught here.
    const namedLikeSecrets = ROUTES.flatMap((route) => pathParams(route.path)).filter((name) =>
      /token|secret|feedFile/i.test(name),
    );
    expect(namedLikeSecrets.filter((name) => !SECRET_PARAMS.has(name))).toEqual([]);
    for (const route of secretRoutes) {
      const secret = 'S3cretTokenValue_abcdefghijklmnopqrstuvwxyz0';
      const path = fillPath(route.path, (name) =>
        name === 'feedFile' ? `${secret}.ics` : SECRET_PARAMS.has(name) ? secret : '1',
      );
      const result = await logged(route.method, path);
      expect(result.lines.join('\n'), path).not.toContain(secret);
    }
  });

  it('redacts query values named like credentials, and keeps the rest of the URL', () => {
    expect(redactSecrets('/api/team/offers?pageNo=2&q=pizza')).toBe('/api/team/offers?pageNo=2&q=pizza');
    expect(redactSecrets('/anything?code=123456&otpCode=654321&api_key=k&Token=t&x=1')).toBe(
      `/anything?code=${REDACTED}&otpCode=${REDACTED}&api_key=${REDACTED}&Token=${REDACTED}&x=1`,
    );
    expect(redactSecrets('/api/email/verify?%74oken=abc')).toBe(`/api/email/verify?%74oken=${REDACTED}`);
    expect(redactSecrets('/API/Session/Validate/abc?x=1')).toBe(`/API/Session/Validate/${REDACTED}?x=1`);
    expect(redactSecrets('/api/offers/12/calendar.ics?lang=ta')).toBe('/api/offers/12/calendar.ics?lang=ta');
    expect(redactSecrets('--> GET /api/calendar/abc.ics 200 3ms')).toBe(
      `--> GET /api/calendar/${REDACTED}.ics 200 3ms`,
    );
  });
});

describe('GET /api/session/validate (the token as the bearer)', () => {
  it('answers as the path form does: 200 for a live session, 401 with data.status false for an ended one', async () => {
    const account = await signUpVerified(api);
    const live = await api.call('GET', '/api/session/validate', { token: account.token });
    expect(live.status).toBe(200);
    expect(v.safeParse(SessionResponse, live.body).issues).toBeUndefined();
    expect(live.body.data).toMatchObject({ status: true, userId: account.userId, userType: 1 });
    const pathForm = await api.call('GET', `/api/session/validate/${account.token}`);
    expect(live.body).toEqual(pathForm.body);

    await api.call('POST', '/api/user/logout', { token: account.token });
    const ended = await api.call('GET', '/api/session/validate', { token: account.token });
    expectError(ended, 401, 'Your session has expired. Please sign in again.');
    expect(ended.body.data).toEqual({ status: false });
    expect(ended.body.code).toBe('session_expired');
  });

  it('answers 401 sign-in required without a bearer token, or with one over 200 characters', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'a'.repeat(201)}` },
    ]) {
      const res = await api.call('GET', '/api/session/validate', { headers });
      expectError(res, 401, 'Sign in to continue.');
      expect(res.body.code).toBe('sign_in_required');
      expect(res.body.data).toEqual({ status: false });
    }
  });
});
