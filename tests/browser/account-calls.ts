// What the account tests (accounts.test.ts, account-flows.test.ts) ask the suite's API directly:
// fresh numbers, plain calls, the codes the dev SMS outbox holds, and an unverified account.
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { BrowserSite } from './harness.ts';

/** The test accounts' password, and the one a reset sets. */
export const PASSWORD = 'Galle-Fort-Lighthouse-77';
export const NEW_PASSWORD = 'Sigiriya-Rock-Fortress-5';

/** A 9-digit number no other test (in any file of the suite) is likely to use. */
export const freshMobile = () => `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** The calls, on the site `site()` gives once the suite has started it. */
export function accountCalls(site: () => Pick<BrowserSite, 'url'>) {
  async function api(method: string, path: string, body?: object) {
    const response = await fetch(`${site().url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }
  /** The codes texted to a number, newest first. */
  const codesSent = async (mobileNo: string): Promise<string[]> =>
    (await (await fetch(`${site().url}/api/dev/sms-outbox/${mobileNo}`)).json()).data.map(
      (sms: { code: string }) => sms.code,
    );
  /** Waits until `count` codes went to the number, and returns the newest. */
  async function codeNumber(mobileNo: string, count: number): Promise<string> {
    await expect.poll(async () => (await codesSent(mobileNo)).length, { timeout: 10_000 }).toBe(count);
    return (await codesSent(mobileNo))[0]!;
  }
  /** An account that signed up but never entered its code (one code sent). */
  async function unverifiedAccount() {
    const mobileNo = freshMobile();
    const created = await api('POST', '/create/new/user', {
      firstName: 'Sunil',
      businessName: null,
      BRno: null,
      mobileNo,
      userType: 1,
      favoriteArea: [],
      termsAndCondition: true,
      password: PASSWORD,
    });
    expect(created.status).toBe(201);
    return { mobileNo, userId: created.body.data.user.userId as number, token: created.body.data.token as string };
  }
  return { api, codesSent, codeNumber, unverifiedAccount };
}
