// The team console's API ({API}/team/...) on the real app and database: who may call it, the review
// queue and decisions (one and many, with the merchant's SMS), Withdraw and End now, accounts
// (find, block with its sessions ending, lift a code block, change type), and the audit log with its
// append-only table.
import { count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { USER_TYPES } from '../../src/contract/index.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import { ReportResponse } from '../../src/contract/reports.ts';
import {
  AuditList,
  BulkDecisionResponse,
  DoneResponse,
  TeamAccountList,
  TeamAccountResponse,
  TeamFeedbackList,
  TeamFeedbackResponse,
  TeamOfferList,
  TeamMerchantResponse,
  TeamOfferResponse,
  TeamOverview,
  TeamReportList,
  TeamReportResponse,
  TeamSubscriberList,
} from '../../src/contract/team.ts';
import { auditLog, offers, users } from '../../src/server/db/schema.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { expectError, expectOk, insertOffer } from './expectations.ts';
import { createTestApi, freshMobile, LOOPBACK_IP, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';

let api: TestApi;
let team: { userId: number; token: string };
let customer: Awaited<ReturnType<typeof signUpVerified>>;
let merchant: { userId: number; token: string; mobileNo: string; merchantId: number };

async function signIn(mobileNo: string) {
  const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: STRONG_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    userId: res.body.data.userId as number,
    token: res.body.token as string,
    userType: res.body.data.userType as number,
  };
}

/** A merchant's pending offer, as the offer wizard leaves it. */
const pendingOffer = (header: string, createdAt = new Date()) =>
  insertOffer(api, {
    header,
    label: header,
    reviewStatus: 'pending',
    ownerUserId: merchant.userId,
    merchantId: merchant.merchantId,
    createdAt,
  });

const auditRows = (targetId: number, action: string) =>
  api.handle.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetId} = ${String(targetId)} and ${auditLog.action} = ${action}`);

/** The offer-creation form, as the wizard sends it. */
const offerForm = (overrides: Record<string, unknown> = {}) => ({
  offerCategory: 1,
  bankInfo: 1,
  offerTitle: 'Weekday lunch',
  offerHeader: '20% off the rice and curry lunch',
  offerDescription: '',
  offerValidity: 'until',
  toDate: '31/12/2099',
  offerType: 'off',
  offerRate: '20',
  locations: [],
  termsAccepted: true,
  ...overrides,
});

const outbox = async (mobileNo: string) =>
  (await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP })).body.data as { message: string }[];

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  const teamMobile = freshMobile();
  const { created } = await createOrPromoteTeamMember(api.handle.db, {
    mobileNo: teamMobile,
    firstName: 'Tharushi',
    password: STRONG_PASSWORD,
  });
  expect(created).toBe(true);
  const signedIn = await signIn(teamMobile);
  expect(signedIn.userType).toBe(USER_TYPES.team);
  team = signedIn;
  customer = await signUpVerified(api, { firstName: 'Ruwan' });
  const merchantMobile = freshMobile();
  const made = await createOrPromoteMerchant(api.handle.db, {
    mobileNo: merchantMobile,
    firstName: 'Kamal',
    businessName: 'Lanka Spice House',
    password: STRONG_PASSWORD,
  });
  merchant = { ...(await signIn(merchantMobile)), mobileNo: merchantMobile, merchantId: made.merchantId };
});
afterAll(async () => {
  await api?.close();
});

describe('who may call the team API', () => {
  const ROUTES: [method: string, path: string, body?: unknown][] = [
    ['GET', '/api/team/overview'],
    ['GET', '/api/team/offers'],
    ['GET', '/api/team/offers/1'],
    ['PUT', '/api/team/offers/1', {}],
    ['POST', '/api/team/offers/1/decision', { decision: 'accept' }],
    ['POST', '/api/team/offers/decisions', { offerIds: [1], decision: 'accept' }],
    ['POST', '/api/team/offers/1/withdraw', { reason: 'x' }],
    ['POST', '/api/team/offers/1/end', { reason: 'x' }],
    ['GET', '/api/team/accounts'],
    ['GET', '/api/team/accounts/1'],
    ['POST', '/api/team/accounts/1/block', { reason: 'x' }],
    ['POST', '/api/team/accounts/1/unblock', { reason: 'x' }],
    ['POST', '/api/team/accounts/1/lift-code-block', { reason: 'x' }],
    ['POST', '/api/team/accounts/1/type', { userType: 2, reason: 'x' }],
    ['GET', '/api/team/audit'],
    ['GET', '/api/team/reports'],
    ['POST', '/api/team/reports/1/close', { outcome: 'resolved' }],
    ['GET', '/api/team/feedback'],
    ['POST', '/api/team/feedback/1/handled'],
    ['GET', '/api/team/subscribers'],
    ['GET', '/api/team/subscribers/export'],
    ['POST', '/api/team/subscribers/1/remove', { reason: 'x' }],
    ['GET', '/api/team/merchants'],
    ['POST', '/api/team/merchants', { mobileNo: '771111111' }],
    ['GET', '/api/team/merchants/1'],
    ['GET', '/api/team/merchants/1/documents/1'],
    ['POST', '/api/team/merchants/1/step', { step: 'activated', note: 'x' }],
  ];

  it('refuses guests (401), customers and merchants (403) on every route, and changes nothing', async () => {
    const before = await api.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const [method, path, body] of ROUTES) {
      expectError(await api.call(method, path, { body }), 401);
      expectError(await api.call(method, path, { body, token: customer.token }), 403, API_MESSAGES.teamOnly);
      expectError(await api.call(method, path, { body, token: merchant.token }), 403, API_MESSAGES.teamOnly);
    }
    expect(await api.handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });

  it('lets a team account in', async () => {
    expectOk(await api.call('GET', '/api/team/overview', { token: team.token }), TeamOverview);
  });

  it('promotes an existing account to the team and ends its sessions', async () => {
    const someone = await signUpVerified(api);
    const { created, user } = await createOrPromoteTeamMember(api.handle.db, { mobileNo: someone.mobileNo });
    expect(created).toBe(false);
    expect(user.userType).toBe(USER_TYPES.team);
    expectError(await api.call('GET', '/api/team/overview', { token: someone.token }), 401);
    const again = await signIn(someone.mobileNo);
    expect(again.userType).toBe(USER_TYPES.team);
    expectOk(await api.call('GET', '/api/team/overview', { token: again.token }), TeamOverview);
  });

  it('refuses bad paths and queries with 400', async () => {
    expectError(await api.call('GET', '/api/team/offers?pageSize=1000', { token: team.token }), 400);
    expectError(await api.call('GET', '/api/team/offers?status=maybe', { token: team.token }), 400);
    expectError(await api.call('GET', '/api/team/offers/abc', { token: team.token }), 400);
    expectError(await api.call('GET', '/api/team/audit?action=offer.eat', { token: team.token }), 400);
    expectError(await api.call('POST', '/api/team/offers/1/decision', { token: team.token, rawBody: '{' }), 400);
  });
});

describe('reviewing offers', () => {
  it('lists the pending offers oldest first, with what the public view shows', async () => {
    const older = await pendingOffer('Queue older', new Date(Date.now() - 60_000));
    const newer = await pendingOffer('Queue newer');
    const res = await api.call('GET', '/api/team/offers?status=pending&sort=oldest&pageSize=100', {
      token: team.token,
    });
    expectOk(res, TeamOfferList);
    const ids = res.body.data.map((o: { offerId: number }) => o.offerId);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(res.body.data.every((o: { reviewStatus: string }) => o.reviewStatus === 'pending')).toBe(true);
    const shown = res.body.data.find((o: { offerId: number }) => o.offerId === older);
    expect(shown).toMatchObject({
      header: 'Queue older',
      merchant: { merchantName: 'Lanka Spice House' },
      ownerUserId: merchant.userId,
      openReports: 0,
    });
    expect(res.body.totalCount).toBeGreaterThanOrEqual(2);
  });

  it('finds offers by title, merchant and bank', async () => {
    const offerId = await pendingOffer('Findable Durian Festival');
    const byTitle = await api.call('GET', `/api/team/offers?q=${encodeURIComponent('durian fest')}`, {
      token: team.token,
    });
    expect(byTitle.body.data.map((o: { offerId: number }) => o.offerId)).toEqual([offerId]);
    const byMerchant = await api.call('GET', `/api/team/offers?q=${encodeURIComponent('lanka spice')}&pageSize=100`, {
      token: team.token,
    });
    expect(byMerchant.body.data.map((o: { offerId: number }) => o.offerId)).toContain(offerId);
    const otherBank = await api.call('GET', `/api/team/offers?q=Findable&bankId=2`, { token: team.token });
    expect(otherBank.body.totalCount).toBe(0);
    // Wildcards are taken literally: '%' does not stand for the space.
    expect(
      (await api.call('GET', `/api/team/offers?q=${encodeURIComponent('Durian%Festival')}`, { token: team.token })).body
        .totalCount,
    ).toBe(0);
  });

  it('accepts an offer: it goes public, the merchant is told, and the audit log has the change', async () => {
    const offerId = await pendingOffer('Accept me');
    expectError(await api.call('GET', `/api/get/offer/by/${offerId}`), 404);
    const res = await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: team.token,
      body: { decision: 'accept' },
    });
    expectOk(res, TeamOfferResponse);
    expect(res.body.data).toMatchObject({ reviewStatus: 'accepted', reviewReason: null, withdrawn: false });
    const publicView = await api.call('GET', `/api/get/offer/by/${offerId}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.data[0].header).toBe('Accept me');
    expect((await outbox(merchant.mobileNo))[0]!.message).toContain('"Accept me" was accepted');
    const [row] = await auditRows(offerId, 'offer.accept');
    expect(row).toMatchObject({
      actorUserId: team.userId,
      targetType: 'offer',
      before: { reviewStatus: 'pending' },
      after: { reviewStatus: 'accepted' },
    });
    // Deciding again is refused: it is no longer pending.
    expectError(
      await api.call('POST', `/api/team/offers/${offerId}/decision`, {
        token: team.token,
        body: { decision: 'reject', reason: 'x' },
      }),
      409,
    );
  });

  it('rejects only with a reason, which the merchant gets', async () => {
    const offerId = await pendingOffer('Reject me');
    const noReason = await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: team.token,
      body: { decision: 'reject' },
    });
    expectError(noReason, 400);
    expect(noReason.body.issues[0].path).toBe('reason');
    const res = await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: team.token,
      body: { decision: 'reject', reason: '  The dates are wrong or have passed.  ' },
    });
    expectOk(res, TeamOfferResponse);
    expect(res.body.data).toMatchObject({
      reviewStatus: 'rejected',
      reviewReason: 'The dates are wrong or have passed.',
    });
    expect((await outbox(merchant.mobileNo))[0]!.message).toContain('Reason: The dates are wrong or have passed.');
    expectError(await api.call('GET', `/api/get/offer/by/${offerId}`), 404);
    const [row] = await auditRows(offerId, 'offer.reject');
    expect(row?.note).toBe('The dates are wrong or have passed.');
  });

  it('decides many at once and skips the ones that are not pending', async () => {
    const a = await pendingOffer('Bulk A');
    const b = await pendingOffer('Bulk B');
    const done = await insertOffer(api, { header: 'Bulk accepted already' });
    const res = await api.call('POST', '/api/team/offers/decisions', {
      token: team.token,
      body: { offerIds: [a, b, done, 999_999], decision: 'accept' },
    });
    expectOk(res, BulkDecisionResponse);
    expect(res.body.decided).toEqual([a, b]);
    expect(res.body.skipped.map((s: { offerId: number }) => s.offerId)).toEqual([done, 999_999]);
    const rows = await api.handle.db
      .select({ reviewStatus: offers.reviewStatus })
      .from(offers)
      .where(sql`${offers.offerId} in (${a}, ${b})`);
    expect(rows.map((r) => r.reviewStatus)).toEqual(['accepted', 'accepted']);
    expect((await auditRows(a, 'offer.accept')).length).toBe(1);
    expectError(
      await api.call('POST', '/api/team/offers/decisions', {
        token: team.token,
        body: { offerIds: [a], decision: 'reject' },
      }),
      400,
    );
    expectError(
      await api.call('POST', '/api/team/offers/decisions', {
        token: team.token,
        body: { offerIds: [], decision: 'accept' },
      }),
      400,
    );
  });

  it('withdraws an accepted offer: it leaves every list and its page says so', async () => {
    const offerId = await insertOffer(api, { header: 'Withdraw me' });
    const listed = async () =>
      (await api.call('GET', '/api/get/offers/by/page/1/100')).body.data.some(
        (o: { offerId: number }) => o.offerId === offerId,
      );
    expect(await listed()).toBe(true);
    expectError(await api.call('POST', `/api/team/offers/${offerId}/withdraw`, { token: team.token, body: {} }), 400);
    const res = await api.call('POST', `/api/team/offers/${offerId}/withdraw`, {
      token: team.token,
      body: { reason: 'The merchant closed.' },
    });
    expectOk(res, TeamOfferResponse);
    expect(res.body.data.withdrawnAt).not.toBeNull();
    expect(await listed()).toBe(false);
    const page = await api.call('GET', `/api/get/offer/by/${offerId}`);
    expect(page.body.data[0]).toMatchObject({ withdrawn: true, status: 'expired' });
    const inQueue = await api.call('GET', '/api/team/offers?status=withdrawn&pageSize=100', { token: team.token });
    expect(inQueue.body.data.map((o: { offerId: number }) => o.offerId)).toContain(offerId);
    expect((await auditRows(offerId, 'offer.withdraw'))[0]).toMatchObject({
      note: 'The merchant closed.',
      before: { withdrawnAt: null },
    });
    expectError(
      await api.call('POST', `/api/team/offers/${offerId}/withdraw`, { token: team.token, body: { reason: 'again' } }),
      409,
    );
  });

  it('ends an accepted offer now', async () => {
    const offerId = await insertOffer(api, { header: 'End me', offerEnd: new Date(Date.now() + 30 * 86_400_000) });
    const res = await api.call('POST', `/api/team/offers/${offerId}/end`, {
      token: team.token,
      body: { reason: 'Stock ran out.' },
    });
    expectOk(res, TeamOfferResponse);
    expect(new Date(res.body.data.offerEnd).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await api.call('GET', `/api/get/offer/by/${offerId}`)).body.data[0].status).toBe('expired');
    expect((await auditRows(offerId, 'offer.end')).length).toBe(1);
    expectError(
      await api.call('POST', `/api/team/offers/${await pendingOffer('Not live')}/end`, {
        token: team.token,
        body: { reason: 'x' },
      }),
      409,
    );
  });

  it('lets a reviewer edit any field before deciding, keeping the review status, with the change in the audit log', async () => {
    const offerId = await pendingOffer('Edit me');
    const bad = await api.call('PUT', `/api/team/offers/${offerId}`, {
      token: team.token,
      body: offerForm({ offerRate: '250' }),
    });
    expectError(bad, 400);
    expect(bad.body.issues[0].path).toBe('offerRate');
    const res = await api.call('PUT', `/api/team/offers/${offerId}`, {
      token: team.token,
      body: offerForm({ offerHeader: 'Edited: 25% off lunch', offerRate: '25', bankInfo: 2 }),
    });
    expectOk(res, TeamOfferResponse);
    expect(res.body.data).toMatchObject({
      header: 'Edited: 25% off lunch',
      offerRate: '25',
      bankId: 2,
      reviewStatus: 'pending',
    });
    const [row] = await auditRows(offerId, 'offer.edit');
    expect(row).toMatchObject({
      actorUserId: team.userId,
      before: { header: 'Edit me', bankId: 1 },
      after: { header: 'Edited: 25% off lunch', offerRate: '25', bankId: 2 },
    });
    expectError(await api.call('PUT', '/api/team/offers/999999', { token: team.token, body: offerForm() }), 404);
    expectError(
      await api.call('PUT', `/api/team/offers/${offerId}`, {
        token: team.token,
        body: offerForm({ bankInfo: 99_999 }),
      }),
      400,
    );
  });

  it('answers 404 for an offer that does not exist', async () => {
    expectError(await api.call('GET', '/api/team/offers/999999', { token: team.token }), 404);
    expectError(
      await api.call('POST', '/api/team/offers/999999/decision', { token: team.token, body: { decision: 'accept' } }),
      404,
    );
  });
});

describe('accounts', () => {
  it('finds an account by mobile number (with 0 or +94) and by name, and never shows a password hash', async () => {
    for (const q of [customer.mobileNo, `0${customer.mobileNo}`, `+94 ${customer.mobileNo.slice(0, 5)}`, 'ruwan']) {
      const res = await api.call('GET', `/api/team/accounts?q=${encodeURIComponent(q)}&pageSize=100`, {
        token: team.token,
      });
      expectOk(res, TeamAccountList);
      expect(
        res.body.data.map((a: { userId: number }) => a.userId),
        q,
      ).toContain(customer.userId);
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    }
    const teams = await api.call('GET', '/api/team/accounts?userType=3&pageSize=100', { token: team.token });
    expect(teams.body.data.every((a: { userType: number }) => a.userType === USER_TYPES.team)).toBe(true);
    expectOk(
      await api.call('GET', `/api/team/accounts/${customer.userId}`, { token: team.token }),
      TeamAccountResponse,
    );
    expectError(await api.call('GET', '/api/team/accounts/999999', { token: team.token }), 404);
  });

  it('blocks an account: its open session ends at once and it cannot sign in; unblocking lets it back', async () => {
    const victim = await signUpVerified(api);
    expect((await api.call('GET', `/api/get/user/by/${victim.userId}`, { token: victim.token })).status).toBe(200);
    expectError(
      await api.call('POST', `/api/team/accounts/${victim.userId}/block`, { token: team.token, body: { reason: '' } }),
      400,
    );
    const res = await api.call('POST', `/api/team/accounts/${victim.userId}/block`, {
      token: team.token,
      body: { reason: 'Spam reports.' },
    });
    expectOk(res, TeamAccountResponse);
    expect(res.body.data).toMatchObject({ isAccountBlock: true, blockReason: 'Spam reports.' });
    expect((await api.call('GET', `/api/get/user/by/${victim.userId}`, { token: victim.token })).status).toBe(401);
    const signIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: victim.mobileNo, password: STRONG_PASSWORD },
    });
    expect(signIn.status).not.toBe(200);
    expect(signIn.body.message).toBe(ERROR_CODES.account_blocked);
    expectError(
      await api.call('POST', `/api/team/accounts/${victim.userId}/block`, {
        token: team.token,
        body: { reason: 'again' },
      }),
      409,
    );
    expectOk(
      await api.call('POST', `/api/team/accounts/${victim.userId}/unblock`, {
        token: team.token,
        body: { reason: 'Appeal accepted.' },
      }),
      TeamAccountResponse,
    );
    expect(
      (
        await api.call('POST', '/api/user/authentication', {
          body: { mobileNo: victim.mobileNo, password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await auditRows(victim.userId, 'account.block'))[0]).toMatchObject({
      before: { isAccountBlock: false },
      after: { isAccountBlock: true, blockReason: 'Spam reports.' },
    });
    expect((await auditRows(victim.userId, 'account.unblock')).length).toBe(1);
  });

  it('does not let a team member block or retype their own account', async () => {
    expectError(
      await api.call('POST', `/api/team/accounts/${team.userId}/block`, { token: team.token, body: { reason: 'x' } }),
      403,
    );
    expectError(
      await api.call('POST', `/api/team/accounts/${team.userId}/type`, {
        token: team.token,
        body: { userType: 1, reason: 'x' },
      }),
      403,
    );
  });

  it('lifts a code-sending block', async () => {
    const blocked = await signUpVerified(api);
    expectError(
      await api.call('POST', `/api/team/accounts/${blocked.userId}/lift-code-block`, {
        token: team.token,
        body: { reason: 'x' },
      }),
      409,
    );
    await api.handle.db
      .update(users)
      .set({ codeBlockedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(users.userId, blocked.userId));
    const seen = await api.call('GET', `/api/team/accounts/${blocked.userId}`, { token: team.token });
    expect(seen.body.data.codeBlockedUntil).not.toBeNull();
    const res = await api.call('POST', `/api/team/accounts/${blocked.userId}/lift-code-block`, {
      token: team.token,
      body: { reason: 'Called support.' },
    });
    expectOk(res, TeamAccountResponse);
    expect(res.body.data.codeBlockedUntil).toBeNull();
    const sent = await api.call('POST', '/api/create/new/otp/verification', {
      body: { mobileNo: blocked.mobileNo, userId: blocked.userId },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it('changes an account type and ends its sessions', async () => {
    const someone = await signUpVerified(api);
    expectError(
      await api.call('POST', `/api/team/accounts/${someone.userId}/type`, {
        token: team.token,
        body: { userType: 4, reason: 'x' },
      }),
      400,
    );
    const res = await api.call('POST', `/api/team/accounts/${someone.userId}/type`, {
      token: team.token,
      body: { userType: '2', reason: 'Runs a shop.' },
    });
    expectOk(res, TeamAccountResponse);
    expect(res.body.data.userType).toBe(USER_TYPES.merchant);
    expect((await api.call('GET', `/api/get/user/by/${someone.userId}`, { token: someone.token })).status).toBe(401);
    expect((await signIn(someone.mobileNo)).userType).toBe(USER_TYPES.merchant);
    expect((await auditRows(someone.userId, 'account.type'))[0]).toMatchObject({
      before: { userType: 1 },
      after: { userType: 2 },
    });
  });
});

describe('merchant companies', () => {
  const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

  it("takes a merchant's registration documents by their bytes, and the first one submits the company", async () => {
    const upload = (body: unknown, token = merchant.token) =>
      api.call('POST', '/api/merchant/documents', { token, body });
    expectError(await upload({ fileName: 'notes.txt', base64: Buffer.from('just text').toString('base64') }), 400);
    expectError(await upload({ fileName: '../../etc/passwd', base64: PDF.toString('base64') }), 400);
    expectError(await upload({ fileName: 'br.pdf', base64: PDF.toString('base64') }, customer.token), 403);
    expectError(
      await api.call('POST', '/api/merchant/documents', {
        body: { fileName: 'br.pdf', base64: PDF.toString('base64') },
      }),
      401,
    );
    const sent = await upload({
      fileName: 'Business registration.pdf',
      base64: `data:application/pdf;base64,${PDF.toString('base64')}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      data: { fileName: 'Business registration.pdf', contentType: 'application/pdf', size: PDF.length },
      merchantStep: 'documentSubmitted',
    });
    const mine = await api.call('GET', '/api/merchant/documents', { token: merchant.token });
    expect(mine.body.data.map((d: { fileName: string }) => d.fileName)).toEqual(['Business registration.pdf']);
  });

  it('refuses offers from a merchant the team has not activated, saying why', async () => {
    const sent = await api.call('POST', '/api/create/new/offer', { token: merchant.token, body: offerForm() });
    expectError(sent, 403, ERROR_CODES.not_activated);
  });

  it('lets the team read the documents and move the company through the steps, each move in the audit log', async () => {
    const listed = await api.call('GET', '/api/team/merchants?step=documentSubmitted&pageSize=100', {
      token: team.token,
    });
    expectOk(listed, TeamAccountList);
    expect(listed.body.data.map((a: { userId: number }) => a.userId)).toContain(merchant.userId);
    const one = await api.call('GET', `/api/team/merchants/${merchant.userId}`, { token: team.token });
    expectOk(one, TeamMerchantResponse);
    const [document] = one.body.data.documents;
    const file = await api.call('GET', `/api/team/merchants/${merchant.userId}/documents/${document.documentId}`, {
      token: team.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="document-\d+\.pdf"$/);
    expect(file.body).toBe(PDF.toString());
    expectError(await api.call('GET', `/api/team/merchants/${customer.userId}`, { token: team.token }), 404);
    expectError(
      await api.call('POST', `/api/team/merchants/${merchant.userId}/step`, {
        token: team.token,
        body: { step: 'activated' },
      }),
      400,
    );
    const smsBefore = (await outbox(merchant.mobileNo)).length;
    for (const step of ['registrationReview', 'activated'] as const) {
      const moved = await api.call('POST', `/api/team/merchants/${merchant.userId}/step`, {
        token: team.token,
        body: { step, note: `Checked for ${step}.` },
      });
      expectOk(moved, TeamMerchantResponse);
      expect(moved.body.data.merchantStep).toBe(step);
    }
    // The merchant is told of the activation only.
    const told = await outbox(merchant.mobileNo);
    expect(told.length).toBe(smsBefore + 1);
    expect(told[0]!.message).toBe(
      'OfferLanka: your company is now active. You can send offers for review in your merchant console.',
    );
    const moves = await api.call('GET', `/api/team/audit?action=merchant.step&targetId=${merchant.userId}`, {
      token: team.token,
    });
    expect(moves.body.data.map((e: { after: { merchantStep: string } }) => e.after.merchantStep)).toEqual([
      'activated',
      'registrationReview',
    ]);
    expect((await api.call('GET', '/api/merchant/documents', { token: merchant.token })).body.merchantStep).toBe(
      'activated',
    );
    // Once: moving an active company to 'activated' again sends nothing.
    await api.call('POST', `/api/team/merchants/${merchant.userId}/step`, {
      token: team.token,
      body: { step: 'activated', note: 'Again.' },
    });
    expect((await outbox(merchant.mobileNo)).length).toBe(smsBefore + 1);
  });

  it('lets an activated merchant send offers; a rejected one is edited and sent again by its owner only', async () => {
    const sent = await api.call('POST', '/api/create/new/offer', {
      token: merchant.token,
      body: offerForm({ offerHeader: 'First try' }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const offerId = sent.body.data.offerId as number;
    await api.call('POST', `/api/team/offers/${offerId}/decision`, {
      token: team.token,
      body: { decision: 'reject', reason: 'The dates are wrong or have passed.' },
    });
    const own = async (token?: string) =>
      (await api.call('GET', `/api/get/offers/by/user/${merchant.userId}`, { token })).body.data.find(
        (o: { offerId: number }) => o.offerId === offerId,
      );
    expect(await own(merchant.token)).toMatchObject({
      status: 'rejected',
      reviewReason: 'The dates are wrong or have passed.',
    });

    const resend = (body: unknown, token?: string) => api.call('PUT', `/api/offers/${offerId}`, { token, body });
    expectError(await resend(offerForm()), 401);
    expectError(await resend(offerForm(), customer.token), 403, ERROR_CODES.merchants_only);
    const otherMobile = freshMobile();
    await createOrPromoteMerchant(api.handle.db, {
      mobileNo: otherMobile,
      firstName: 'Nimal',
      password: STRONG_PASSWORD,
      activated: true,
    });
    expectError(await resend(offerForm(), (await signIn(otherMobile)).token), 403, ERROR_CODES.not_your_offer);
    expectError(await resend(offerForm({ offerRate: 'lots' }), merchant.token), 400);

    const again = await resend(offerForm({ offerHeader: 'Second try', toDate: '30/11/2099' }), merchant.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({
      message: OFFER_MESSAGES.offerSentAgain,
      data: { offerId, header: 'Second try', status: 'pending' },
    });
    const [row] = await api.handle.db.select().from(offers).where(eq(offers.offerId, offerId));
    expect(row).toMatchObject({ reviewStatus: 'pending', reviewReason: null, reviewedAt: null });
    expect(await own(merchant.token)).not.toHaveProperty('reviewReason');
    // Once accepted, it is the team's to change.
    await api.call('POST', `/api/team/offers/${offerId}/decision`, { token: team.token, body: { decision: 'accept' } });
    expectError(await resend(offerForm(), merchant.token), 409, ERROR_CODES.listed_offer_locked);
    expectError(await api.call('PUT', '/api/offers/999999', { token: merchant.token, body: offerForm() }), 404);
  });

  it('creates a merchant account, or makes a customer a merchant, from the console', async () => {
    const mobileNo = freshMobile();
    expectError(
      await api.call('POST', '/api/team/merchants', { token: team.token, body: { mobileNo, firstName: 'Sunil' } }),
      400,
    );
    const created = await api.call('POST', '/api/team/merchants', {
      token: team.token,
      body: { mobileNo, firstName: 'Sunil', businessName: 'Sunil Motors', password: STRONG_PASSWORD },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      userType: USER_TYPES.merchant,
      businessName: 'Sunil Motors',
      merchantStep: null,
      documents: [],
    });
    expect((await auditRows(created.body.data.userId, 'merchant.create')).length).toBe(1);
    const shopper = await signUpVerified(api);
    const promoted = await api.call('POST', '/api/team/merchants', {
      token: team.token,
      body: { mobileNo: shopper.mobileNo, businessName: 'Shopper Stores', activated: true },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    // The company starts its review at the first step, and the promoted account signs in again.
    expect(promoted.body.data.merchantStep).toBeNull();
    expectError(await api.call('GET', `/api/session/validate/${shopper.token}`), 401);
    expect((await auditRows(shopper.userId, 'merchant.promote'))[0]).toMatchObject({
      before: { userType: 1, businessName: null },
      after: { userType: 2, businessName: 'Shopper Stores' },
    });
    expect((await auditRows(shopper.userId, 'merchant.promote'))[0]!.after).not.toHaveProperty('firstName');

    // Never a team account, the caller's own included; nothing changes.
    const [me] = await api.handle.db.select().from(users).where(eq(users.userId, team.userId));
    expectError(
      await api.call('POST', '/api/team/merchants', { token: team.token, body: { mobileNo: me!.mobileNo } }),
      403,
      ERROR_CODES.team_account_not_merchant,
    );
    const otherTeam = freshMobile();
    await createOrPromoteTeamMember(api.handle.db, {
      mobileNo: otherTeam,
      firstName: 'Nadeesha',
      password: STRONG_PASSWORD,
    });
    expectError(
      await api.call('POST', '/api/team/merchants', { token: team.token, body: { mobileNo: otherTeam } }),
      403,
      ERROR_CODES.team_account_not_merchant,
    );
    const [still] = await api.handle.db.select().from(users).where(eq(users.mobileNo, otherTeam));
    expect(still!.userType).toBe(USER_TYPES.team);
  });
});

describe('what visitors send the team', () => {
  it("takes a guest's report on a public offer, shows it in Reports and on the offer, and closes it once", async () => {
    const offerId = await insertOffer(api, { header: 'Reported offer' });
    expectError(await api.call('POST', `/api/offers/${offerId}/reports`, { body: { reason: 'other' } }), 400);
    expectError(await api.call('POST', `/api/offers/${offerId}/reports`, { body: { reason: 'closed' } }), 400);
    expectError(
      await api.call('POST', `/api/offers/${await pendingOffer('Not public')}/reports`, {
        body: { reason: 'expired' },
      }),
      404,
    );
    const sent = await api.call('POST', `/api/offers/${offerId}/reports`, {
      body: { reason: 'wrongDetails', message: 'The rate is 15%, not 20%.' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(v.is(ReportResponse, sent.body)).toBe(true);
    const open = await api.call('GET', '/api/team/reports?pageSize=100', { token: team.token });
    expectOk(open, TeamReportList);
    const report = open.body.data.find((r: { offerId: number }) => r.offerId === offerId);
    expect(report).toMatchObject({
      offerHeader: 'Reported offer',
      reason: 'wrongDetails',
      message: 'The rate is 15%, not 20%.',
      status: 'open',
    });
    const flagged = await api.call('GET', '/api/team/offers?reported=true&pageSize=100', { token: team.token });
    expect(flagged.body.data.find((o: { offerId: number }) => o.offerId === offerId)?.openReports).toBe(1);
    const closed = await api.call('POST', `/api/team/reports/${report.reportId}/close`, {
      token: team.token,
      body: { outcome: 'resolved', note: 'Rate fixed.' },
    });
    expectOk(closed, TeamReportResponse);
    expect(closed.body.data.status).toBe('resolved');
    expectError(
      await api.call('POST', `/api/team/reports/${report.reportId}/close`, {
        token: team.token,
        body: { outcome: 'dismissed' },
      }),
      409,
    );
    expect((await auditRows(report.reportId, 'report.resolve'))[0]?.note).toBe('Rate fixed.');
    const stillOpen = await api.call('GET', '/api/team/reports?pageSize=100', { token: team.token });
    expect(stillOpen.body.data.some((r: { reportId: number }) => r.reportId === report.reportId)).toBe(false);
  });

  it('limits reports per address', async () => {
    const limited = await createTestApi({ rateRules: { reportPerIp: { limit: 1, windowMs: 60_000 } } });
    try {
      const offerId = await insertOffer(limited, { header: 'Limited' });
      expect(
        (await limited.call('POST', `/api/offers/${offerId}/reports`, { body: { reason: 'expired' } })).status,
      ).toBe(201);
      expectError(await limited.call('POST', `/api/offers/${offerId}/reports`, { body: { reason: 'expired' } }), 429);
    } finally {
      await limited.close();
    }
  });

  it('lists unhandled feedback and marks it handled', async () => {
    const sent = await api.call('POST', '/api/add/new/feedback', {
      body: {
        firstName: 'Dilani',
        mobileNo: freshMobile(),
        email: 'dilani@example.lk',
        message: 'Please add Amana Bank.',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const list = await api.call('GET', '/api/team/feedback?pageSize=100', { token: team.token });
    expectOk(list, TeamFeedbackList);
    const item = list.body.data.find((f: { message: string }) => f.message === 'Please add Amana Bank.');
    expect(item).toMatchObject({ firstName: 'Dilani', handledAt: null });
    expectOk(
      await api.call('POST', `/api/team/feedback/${item.feedbackId}/handled`, { token: team.token }),
      TeamFeedbackResponse,
    );
    expectError(await api.call('POST', `/api/team/feedback/${item.feedbackId}/handled`, { token: team.token }), 409);
    const open = await api.call('GET', '/api/team/feedback?pageSize=100', { token: team.token });
    expect(open.body.data.some((f: { feedbackId: number }) => f.feedbackId === item.feedbackId)).toBe(false);
    const handled = await api.call('GET', '/api/team/feedback?handled=true&pageSize=100', { token: team.token });
    expect(handled.body.data.some((f: { feedbackId: number }) => f.feedbackId === item.feedbackId)).toBe(true);
    expect((await auditRows(item.feedbackId, 'feedback.handle')).length).toBe(1);
  });

  it('lists, exports and removes subscribers', async () => {
    for (const email of ['kasun@example.lk', '+94-77-cmd@example.lk']) {
      expect((await api.call('POST', '/api/new/subscribe', { body: { subscribeEmail: email } })).status).toBe(200);
    }
    const list = await api.call('GET', '/api/team/subscribers?q=kasun', { token: team.token });
    expectOk(list, TeamSubscriberList);
    expect(list.body.data.map((s: { email: string }) => s.email)).toEqual(['kasun@example.lk']);
    const csv = await api.call('GET', '/api/team/subscribers/export', { token: team.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribedAt');
    expect(lines.some((line) => line.startsWith('kasun@example.lk,'))).toBe(true);
    // A formula-looking address cannot run in a spreadsheet.
    expect(lines.some((line) => line.startsWith(`'+94-77-cmd@example.lk,`))).toBe(true);
    const id = list.body.data[0].subscriptionId;
    expectError(await api.call('POST', `/api/team/subscribers/${id}/remove`, { token: team.token, body: {} }), 400);
    expectOk(
      await api.call('POST', `/api/team/subscribers/${id}/remove`, {
        token: team.token,
        body: { reason: 'Asked to be removed.' },
      }),
      DoneResponse,
    );
    expect((await api.call('GET', '/api/team/subscribers?q=kasun', { token: team.token })).body.totalCount).toBe(0);
    expect((await auditRows(id, 'subscriber.remove'))[0]).toMatchObject({
      before: { email: 'kasun@example.lk' },
      note: 'Asked to be removed.',
    });
    expectError(
      await api.call('POST', `/api/team/subscribers/${id}/remove`, { token: team.token, body: { reason: 'again' } }),
      404,
    );
  });
});

describe('the audit log', () => {
  it('lists team actions newest first, filtered by action, actor and target', async () => {
    const res = await api.call('GET', `/api/team/audit?action=account.block&pageSize=100`, { token: team.token });
    expectOk(res, AuditList);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(
      res.body.data.every(
        (e: { action: string; actorName: string }) => e.action === 'account.block' && e.actorName === 'Tharushi',
      ),
    ).toBe(true);
    const all = await api.call('GET', `/api/team/audit?actorUserId=${team.userId}&pageSize=100`, { token: team.token });
    const times = all.body.data.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const one = await api.call('GET', `/api/team/audit?targetType=account&targetId=${customer.userId}`, {
      token: team.token,
    });
    expect(one.body.totalCount).toBe(0);
  });

  it('is append-only in the database itself', async () => {
    const [entry] = await api.handle.db.select().from(auditLog).limit(1);
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(
      await refusal(
        api.handle.db.update(auditLog).set({ note: 'changed' }).where(eq(auditLog.auditId, entry!.auditId)),
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(await refusal(api.handle.db.delete(auditLog).where(eq(auditLog.auditId, entry!.auditId)))).toMatch(
      /append-only: DELETE/,
    );
    // TRUNCATE fires no row trigger: a statement trigger of its own refuses it, even to the table's owner.
    const [before] = await api.handle.db.select({ n: count() }).from(auditLog);
    expect(await refusal(api.handle.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    const [after] = await api.handle.db.select({ n: count() }).from(auditLog);
    expect(after!.n).toBe(before!.n);
    expect(after!.n).toBeGreaterThan(0);
    const [still] = await api.handle.db.select().from(auditLog).where(eq(auditLog.auditId, entry!.auditId));
    expect(still).toEqual(entry);
  });
});

describe('the overview', () => {
  it('counts pending reviews and offers ending this week', async () => {
    const before = (await api.call('GET', '/api/team/overview', { token: team.token })).body.data;
    await pendingOffer('Overview pending');
    await insertOffer(api, { header: 'Ends in three days', offerEnd: new Date(Date.now() + 3 * 86_400_000) });
    const after = await api.call('GET', '/api/team/overview', { token: team.token });
    expectOk(after, TeamOverview);
    expect(after.body.data.pendingReviews).toBe(before.pendingReviews + 1);
    expect(after.body.data.endingThisWeek).toBe(before.endingThisWeek + 1);
  });

  it('lists the offers ending this week in Offers, as many as the overview counts', async () => {
    const soon = await insertOffer(api, {
      header: 'Ends in two days',
      offerEnd: new Date(Date.now() + 2 * 86_400_000),
    });
    const later = await insertOffer(api, {
      header: 'Ends in a month',
      offerEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    const list = await api.call('GET', '/api/team/offers?ending=week&pageSize=100', { token: team.token });
    expectOk(list, TeamOfferList);
    const ids = list.body.data.map((o: { offerId: number }) => o.offerId);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(later);
    expect(list.body.totalCount).toBe(
      (await api.call('GET', '/api/team/overview', { token: team.token })).body.data.endingThisWeek,
    );
    expectError(await api.call('GET', '/api/team/offers?ending=month', { token: team.token }), 400);
  });
});

describe('rate limits', () => {
  it("limits a team account's writes", async () => {
    const limited = await createTestApi({
      seed: false,
      rateRules: { teamWritePerUser: { limit: 2, windowMs: 60_000 } },
    });
    try {
      const mobileNo = freshMobile();
      await createOrPromoteTeamMember(limited.handle.db, { mobileNo, firstName: 'Asha', password: STRONG_PASSWORD });
      const { body } = await limited.call('POST', '/api/user/authentication', {
        body: { mobileNo, password: STRONG_PASSWORD },
      });
      const write = () =>
        limited.call('POST', '/api/team/offers/1/decision', { token: body.token, body: { decision: 'accept' } });
      expect((await write()).status).toBe(404);
      expect((await write()).status).toBe(404);
      expectError(await write(), 429);
      expect(v.is(TeamOverview, (await limited.call('GET', '/api/team/overview', { token: body.token })).body)).toBe(
        true,
      );
    } finally {
      await limited.close();
    }
  });
});
