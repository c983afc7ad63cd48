// The session in the browser (src/stores/session.ts, src/stores/session-calls.ts; spec §4 'Session'):
// kept only whole, signed in only with userId and userType, shared with other tabs through the
// storage event, ended by a 401 for the token it holds (and only that token), checked at load, and
// revoked on the server at logout. The calls go to the real app, in-process (fetch is routed to it).
import './test-storage.ts'; // first: the session store is created on it
import { cleanTestStorage, getTestStorage, setTestStorageKey } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../src/contract/index.ts';
import { createServiceClient } from '../../src/client/http.ts';
import {
  revokeKeptTokens,
  sessionApi,
  signOut,
  validateStoredSession,
  withSession,
} from '../../src/stores/session-calls.ts';
import { checkSession } from '../../src/client/session.ts';
import {
  $tokensToRevoke,
  revokeKeptTokensWhenOnline,
  TOKENS_TO_REVOKE_STORAGE_KEY,
} from '../../src/stores/tokens-to-revoke.ts';
import { createApp } from '../../src/server/app.ts';
import {
  $isSignedIn,
  $session,
  $user,
  endSession,
  SESSION_STORAGE_KEY,
  sessionToken,
  startSession,
  updateSessionUser,
} from '../../src/stores/session.ts';
import { createTestApi, fetchFromApp, signUpVerified, type TestApi } from '../api/harness.ts';

vi.mock('../../src/lib/public-config.ts', () => ({
  PUBLIC_API_URL: 'http://offerlanka.test/api',
  PUBLIC_INSIGHT_URL: 'http://offerlanka.test/insight',
  PUBLIC_DEMO_API_URL: 'http://offerlanka.test/demo',
}));

let api: TestApi;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  api = await createTestApi({ seed: false, rateLimits: false });
  app = createApp(api.deps);
  vi.stubGlobal('fetch', fetchFromApp(app));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
});
afterEach(() => {
  endSession();
  $tokensToRevoke.set([]);
  cleanTestStorage();
});

const isLive = async (token: string) =>
  (await api.call('GET', `/api/session/validate/${encodeURIComponent(token)}`)).status === 200;
/** A session as another tab would have written it. */
const storedText = (token: string, user: UserData) => JSON.stringify({ token, user });

describe('the session store', () => {
  it('starts, takes a fresher user of the same account only, and ends', async () => {
    const account = await signUpVerified(api, { firstName: 'Kamala' });
    expect($session.get()).toBeUndefined();
    expect(sessionToken()).toBeUndefined();

    startSession(account.token, account.user);
    expect(sessionToken()).toBe(account.token);
    expect($user.get()).toMatchObject({ userId: account.userId, firstName: 'Kamala' });
    expect(JSON.parse(getTestStorage()[SESSION_STORAGE_KEY]!)).toEqual({ token: account.token, user: account.user });

    updateSessionUser({ ...account.user, firstName: 'Kamalika' });
    expect($user.get()?.firstName).toBe('Kamalika');
    expect(sessionToken()).toBe(account.token);
    updateSessionUser({ ...account.user, userId: account.userId + 1, firstName: 'Someone else' });
    expect($user.get()?.firstName).toBe('Kamalika');

    endSession();
    expect($session.get()).toBeUndefined();
    expect(getTestStorage()[SESSION_STORAGE_KEY]).toBeUndefined();
    updateSessionUser(account.user); // no session: nothing to refresh, none started
    expect($session.get()).toBeUndefined();
  });

  it('counts as signed in only with a userId and a userType', async () => {
    const account = await signUpVerified(api);
    const signedIn: boolean[] = [];
    const stop = $isSignedIn.subscribe((value) => signedIn.push(value));
    startSession(account.token, account.user);
    startSession(account.token, { ...account.user, userType: 0 });
    startSession(account.token, { ...account.user, userId: 0 });
    startSession(account.token, account.user);
    endSession();
    stop();
    expect(signedIn).toEqual([false, true, false, true, false]);
  });

  it('reads anything but a whole stored session as no session', async () => {
    const account = await signUpVerified(api);
    const { favorites: _favorites, ...withoutFavorites } = account.user;
    const stop = $session.listen(() => {});
    for (const junk of [
      '{not json',
      'null',
      '"token"',
      '[]',
      JSON.stringify({ token: account.token }),
      JSON.stringify({ token: '', user: account.user }),
      JSON.stringify({ token: account.token, user: { userId: 1 } }),
      JSON.stringify({ token: account.token, user: withoutFavorites }),
      JSON.stringify({ token: account.token, user: { ...account.user, userId: String(account.userId) } }),
    ]) {
      setTestStorageKey(SESSION_STORAGE_KEY, junk);
      expect($session.get(), junk).toBeUndefined();
      expect($isSignedIn.get(), junk).toBe(false);
    }
    stop();
  });

  it("another tab's sign-in and logout reach this tab through the storage event", async () => {
    const account = await signUpVerified(api, { firstName: 'Tharindu' });
    const stop = $isSignedIn.listen(() => {}); // a mounted store listens to storage events
    setTestStorageKey(SESSION_STORAGE_KEY, storedText(account.token, account.user));
    expect($isSignedIn.get()).toBe(true);
    expect($user.get()?.firstName).toBe('Tharindu');
    // The other tab signs in again (a new token, a fresher user): this tab follows.
    setTestStorageKey(SESSION_STORAGE_KEY, storedText('newer-token', { ...account.user, firstName: 'Tharindu P' }));
    expect(sessionToken()).toBe('newer-token');
    expect($user.get()?.firstName).toBe('Tharindu P');
    setTestStorageKey(SESSION_STORAGE_KEY, undefined);
    expect($isSignedIn.get()).toBe(false);
    expect($session.get()).toBeUndefined();
    stop();
  });
});

describe('the session against the API', () => {
  it('a 401 from any signed-in call ends the session holding that token', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    expect((await sessionApi.get(`get/user/by/${account.userId}`)).status).toBe(200);
    expect($isSignedIn.get()).toBe(true);
    await api.call('POST', '/api/user/logout', { token: account.token });
    await sessionApi.get(`get/user/by/${account.userId}`).catch(() => undefined);
    expect($session.get()).toBeUndefined();
  });

  it('a 401 for an older token does not end a newer session started meanwhile', async () => {
    const older = await signUpVerified(api);
    const newer = await signUpVerified(api);
    await api.call('POST', '/api/user/logout', { token: older.token });
    startSession(older.token, older.user);
    // The call goes out with the older token; before its answer comes, this tab signs in again.
    const slowApi = withSession(
      createServiceClient('http://offerlanka.test/api', {
        fetch: async (input, init) => {
          startSession(newer.token, newer.user);
          return fetchFromApp(app)(input, init);
        },
      }),
    );
    const status = await slowApi.get(`get/user/by/${older.userId}`).then(
      (response) => response.status,
      (error: { response: Response }) => error.response.status,
    );
    expect(status).toBe(401);
    expect(sessionToken()).toBe(newer.token);
    expect($isSignedIn.get()).toBe(true);
  });

  it('at load: a good session stays and its user is refreshed; a revoked one logs out', async () => {
    const account = await signUpVerified(api, { firstName: 'Kamala' });
    startSession(account.token, { ...account.user, firstName: 'Stale' });
    expect(await validateStoredSession()).toBe(true);
    expect($user.get()?.firstName).toBe('Kamala');
    await api.call('POST', '/api/user/logout', { token: account.token });
    expect(await validateStoredSession()).toBe(false);
    expect($session.get()).toBeUndefined();
    expect(await validateStoredSession()).toBe(false); // no session: nothing to check
  });

  it('at load without a network the session is kept as it is', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    const offline = createServiceClient('http://offerlanka.test/api', {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      retry: 0,
    });
    expect(await validateStoredSession(offline)).toBe(true);
    expect($session.get()).toEqual({ token: account.token, user: account.user });
    expect(await isLive(account.token)).toBe(true);
  });

  it('logout revokes the token on the server and ends the session here', async () => {
    const account = await signUpVerified(api);
    const otherBrowser = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: account.mobileNo, password: account.password },
    });
    startSession(account.token, account.user);
    await signOut();
    expect($session.get()).toBeUndefined();
    expect(await isLive(account.token)).toBe(false);
    expect(await isLive(otherBrowser.body.token)).toBe(true); // other sessions of the user go on
  });

  it('logout ends the session here even when the server cannot be reached', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    await signOut(
      createServiceClient('http://offerlanka.test/api', {
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    expect($session.get()).toBeUndefined();
  });

  it('logout while offline ends the session at once and revokes the token at the next connection', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    let online = false;
    const sent: string[] = [];
    const flaky = createServiceClient('http://offerlanka.test/api', {
      retry: 0,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        if (!online) throw new TypeError('Failed to fetch');
        return fetchFromApp(app)(request);
      },
    });
    await signOut(flaky);
    expect($session.get()).toBeUndefined();
    expect(JSON.parse(getTestStorage()[TOKENS_TO_REVOKE_STORAGE_KEY]!)).toEqual([account.token]);
    expect(await isLive(account.token)).toBe(true);

    // Still offline at the next page load: the token stays owed.
    await revokeKeptTokens(flaky);
    expect($tokensToRevoke.get()).toEqual([account.token]);

    // Back online: the window's 'online' event sends it, and the list is emptied.
    const events = new EventTarget();
    const stop = revokeKeptTokensWhenOnline(() => revokeKeptTokens(flaky), events); // at load: still offline
    online = true;
    events.dispatchEvent(new Event('online'));
    await revokeKeptTokens(flaky); // the one the event started
    stop();
    expect(await isLive(account.token)).toBe(false);
    expect($tokensToRevoke.get()).toEqual([]);
    expect(JSON.parse(getTestStorage()[TOKENS_TO_REVOKE_STORAGE_KEY] ?? '[]')).toEqual([]);
    expect(sent.filter((line) => line === 'POST /api/user/logout').length).toBeGreaterThanOrEqual(3);
  });

  it('a logout the server answered is not kept', async () => {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    await signOut();
    expect($tokensToRevoke.get()).toEqual([]);
    const events = new EventTarget();
    let calls = 0;
    const stop = revokeKeptTokensWhenOnline(() => {
      calls += 1;
    }, events);
    events.dispatchEvent(new Event('online'));
    stop();
    expect(calls).toBe(0); // nothing owed: no call at load or online
  });

  it("the site's session check sends the token in the Authorization header, never in the URL", async () => {
    const account = await signUpVerified(api);
    const seen: Array<{ url: string; authorization: string | null }> = [];
    const client = createServiceClient('http://offerlanka.test/api', {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return fetchFromApp(app)(request);
      },
    });
    expect(await checkSession(account.token, client)).toMatchObject({ kind: 'valid', userId: account.userId });
    expect(seen).toEqual([
      { url: 'http://offerlanka.test/api/session/validate', authorization: `Bearer ${account.token}` },
    ]);
  });
});
