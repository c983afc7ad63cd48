// Merchant accounts: the team's service (src/server/domain/merchant-accounts.ts) that promotes an
// account or creates a verified merchant one, the `npm run merchant` command run for real against
// a database of the kind under test, and the PGlite data directory's one-process lock.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { USER_TYPES } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { DataDirLockedError, LOCK_FILE, processStartTime } from '../../src/server/db/data-dir-lock.ts';
import { merchants, users } from '../../src/server/db/schema.ts';
import { HttpFailure } from '../../src/server/errors.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { merchantCommand } from '../../scripts/commands/merchant.ts';
import { teamCommand } from '../../scripts/commands/team.ts';
import type { Command } from '../../scripts/lib/command.ts';
import { runAsChildProcess, runInProcess } from '../support/commands.ts';
import { newPgliteFolder } from './command-database.ts';
import { createMemoryRateLimitStore, DEFAULT_RATE_RULES, RateLimiter } from '../../src/server/services/rate-limits.ts';
import { ResponseCache } from '../../src/server/services/response-cache.ts';
import { createConsoleSmsProvider } from '../../src/server/services/sms.ts';
import {
  createTestApi,
  freshMobile,
  signUpVerified,
  RUNS_ENGINE_NEUTRAL_CASES,
  STRONG_PASSWORD,
  TEST_DB,
  type TestApi,
} from './harness.ts';

let api: TestApi;

const signIn = (mobileNo: string, password: string) =>
  api.call('POST', '/api/user/authentication', { body: { mobileNo, password }, ip: '198.18.0.1' });
const userRow = async (userId: number) =>
  (await api.handle.db.select().from(users).where(eq(users.userId, userId)))[0]!;
const merchantRow = async (merchantId: number) =>
  (await api.handle.db.select().from(merchants).where(eq(merchants.merchantId, merchantId)))[0];

/** The HttpFailure a call throws, with its status and issues. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpFailure);
  const apiError = error as HttpFailure;
  return {
    status: apiError.httpStatus,
    message: apiError.message,
    issues: (apiError.extra.issues ?? []) as Array<{ path: string; message: string }>,
  };
}

describe.runIf(RUNS_ENGINE_NEUTRAL_CASES)('createOrPromoteMerchant', () => {
  beforeAll(async () => {
    api = await createTestApi({ offers: 20 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('creates a verified merchant account that signs in as userType 2, with its merchants row', async () => {
    const mobileNo = freshMobile();
    const result = await createOrPromoteMerchant(api.handle.db, {
      mobileNo,
      firstName: 'Kamal',
      password: STRONG_PASSWORD,
      businessName: ' Lanka Spice House ',
      BRno: 'PV 00123',
      companyEmail: 'offers@lankaspice.example',
      contactNo: '112345678',
      addressNo: '42',
      streetName: 'Galle Road',
      city: 'Colombo 03',
    });
    expect(result.created).toBe(true);
    expect(result.user).toMatchObject({
      userType: USER_TYPES.merchant,
      isMobileVerification: true,
      businessName: 'Lanka Spice House',
      merchantId: result.merchantId,
    });
    expect(await merchantRow(result.merchantId)).toMatchObject({
      merchantName: 'Lanka Spice House',
      contactNo: '0112345678',
    });

    const res = await signIn(mobileNo, STRONG_PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      userType: 2,
      firstName: 'Kamal',
      mobileNo,
      businessName: 'Lanka Spice House',
      BRno: 'PV 00123',
      companyEmail: 'offers@lankaspice.example',
      contactNo: '112345678',
      addressNo: '42',
      streetName: 'Galle Road',
      city: 'Colombo 03',
      isMobileVerification: true,
    });
    // The stored password is a hash, never the text.
    expect((await userRow(result.user.userId)).passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('promotes an existing customer, keeping its password, sessions and profile, and filling only the fields given', async () => {
    const customer = await signUpVerified(api, { firstName: 'Nirmala' });
    const result = await createOrPromoteMerchant(api.handle.db, {
      mobileNo: customer.mobileNo,
      businessName: 'Nirmala Batiks',
      city: 'Kandy',
    });
    expect(result.created).toBe(false);
    expect(result.user).toMatchObject({
      userId: customer.userId,
      userType: 2,
      firstName: 'Nirmala',
      businessName: 'Nirmala Batiks',
      city: 'Kandy',
      brNo: null,
    });
    expect(await merchantRow(result.merchantId)).toMatchObject({
      merchantName: 'Nirmala Batiks',
      contactNo: `0${customer.mobileNo}`,
    });
    // Its session still works and now says merchant.
    const session = await api.call('GET', `/api/session/validate/${customer.token}`);
    expect(session.body.data).toMatchObject({ status: true, userType: 2 });
    expect((await signIn(customer.mobileNo, STRONG_PASSWORD)).body.data.userType).toBe(2);

    // Promoting again updates the same merchants row, and leaves what is not given.
    const again = await createOrPromoteMerchant(api.handle.db, {
      mobileNo: customer.mobileNo,
      businessName: 'Nirmala Batik House',
    });
    expect(again.merchantId).toBe(result.merchantId);
    expect(again.user).toMatchObject({ businessName: 'Nirmala Batik House', city: 'Kandy' });
    expect(await merchantRow(result.merchantId)).toMatchObject({ merchantName: 'Nirmala Batik House' });
  });

  it('takes the mobile number as the contact number when none is given or stored', async () => {
    const mobileNo = freshMobile();
    const created = await createOrPromoteMerchant(api.handle.db, {
      mobileNo,
      firstName: 'Ruwan',
      password: STRONG_PASSWORD,
    });
    expect(created.user.contactNo).toBe(mobileNo);
    const customer = await signUpVerified(api);
    const promoted = await createOrPromoteMerchant(api.handle.db, { mobileNo: customer.mobileNo });
    expect(promoted.user.contactNo).toBe(customer.mobileNo);
    // A stored one is kept.
    const stored = await createOrPromoteMerchant(api.handle.db, {
      mobileNo: freshMobile(),
      firstName: 'Ruwan',
      password: STRONG_PASSWORD,
      contactNo: '112345678',
    });
    expect(
      (await createOrPromoteMerchant(api.handle.db, { mobileNo: stored.user.mobileNo, city: 'Galle' })).user.contactNo,
    ).toBe('112345678');
  });

  it('refuses a password for an existing account, and keeps the old one', async () => {
    const customer = await signUpVerified(api);
    const refused = await refusal(
      createOrPromoteMerchant(api.handle.db, { mobileNo: customer.mobileNo, password: 'Another-Strong-Passw0rd' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.issues.map((i) => i.path)).toEqual(['password']);
    expect((await userRow(customer.userId)).userType).toBe(1);
    expect((await signIn(customer.mobileNo, STRONG_PASSWORD)).status).toBe(200);
  });

  it('needs a first name and a strong password for a new account', async () => {
    const mobileNo = freshMobile();
    const noName = await refusal(createOrPromoteMerchant(api.handle.db, { mobileNo, password: STRONG_PASSWORD }));
    expect(noName.issues).toEqual([{ path: 'firstName', message: ERROR_CODES.required, code: 'required' }]);
    const noPassword = await refusal(createOrPromoteMerchant(api.handle.db, { mobileNo, firstName: 'Kamal' }));
    expect(noPassword.issues).toEqual([{ path: 'password', message: ERROR_CODES.required, code: 'required' }]);
    const rules = await refusal(
      createOrPromoteMerchant(api.handle.db, { mobileNo, firstName: 'Kamal', password: 'short' }),
    );
    expect(new Set(rules.issues.map((i) => `${i.path}: ${i.message}`))).toEqual(
      new Set([`password: ${ERROR_CODES.password_rules}`]),
    );
    // Passes the rules, fails the strength check (the name and number count as known words).
    const weak = await refusal(
      createOrPromoteMerchant(api.handle.db, { mobileNo, firstName: 'Kamal', password: 'Password1' }),
    );
    expect(weak.issues).toEqual([
      { path: 'password', message: ERROR_CODES.password_too_weak, code: 'password_too_weak' },
    ]);
    expect((await api.handle.db.select().from(users).where(eq(users.mobileNo, mobileNo))).length).toBe(0);
  });

  it('checks every field with the contract building blocks', async () => {
    const bad = await refusal(
      createOrPromoteMerchant(api.handle.db, {
        mobileNo: '7712',
        firstName: '123',
        companyEmail: 'not-an-email',
        contactNo: '+44112345678',
        businessName: 'x'.repeat(121),
        BRno: 'a\u0000b',
        city: 7,
        password: STRONG_PASSWORD,
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.issues).toEqual(
      expect.arrayContaining([
        { path: 'mobileNo', message: ERROR_CODES.invalid_mobile_no, code: 'invalid_mobile_no' },
        { path: 'firstName', message: ERROR_CODES.invalid_first_name, code: 'invalid_first_name' },
        { path: 'companyEmail', message: ERROR_CODES.invalid_email, code: 'invalid_email' },
        { path: 'contactNo', message: ERROR_CODES.invalid_mobile_no, code: 'invalid_mobile_no' },
        { path: 'businessName', message: 'At most 120 characters.', code: 'too_long', params: { max: 120 } },
        { path: 'BRno', message: 'Text must not contain NUL characters.', code: 'invalid' },
      ]),
    );
    expect(bad.issues.map((i) => i.path)).toContain('city');
    for (const input of [null, 'x', [], { mobileNo: 771234567 }])
      expect((await refusal(createOrPromoteMerchant(api.handle.db, input))).status).toBe(400);
  });

  it('survives a re-seed: the account is unlinked from the replaced merchants and linked again at its next offer', async () => {
    const mobileNo = freshMobile();
    const { user } = await createOrPromoteMerchant(api.handle.db, {
      mobileNo,
      firstName: 'Sunil',
      businessName: 'Sunil Hardware',
      password: STRONG_PASSWORD,
      activated: true,
    });
    await seedDemoData(api.handle.db, { offers: 20 });
    api.deps.cache.clear();
    expect((await userRow(user.userId)).merchantId).toBeNull();
    const signedIn = await signIn(mobileNo, STRONG_PASSWORD);
    expect(signedIn.status).toBe(200);
    const banks = (await api.call('GET', '/api/get/all/banks')).body.data;
    const created = await api.call('POST', '/api/create/new/offer', {
      token: signedIn.body.token,
      body: {
        offerCategory: 1,
        bankInfo: banks[0].bankId,
        offerTitle: 'Tools',
        offerHeader: '10% off tools',
        offerValidity: 'other',
        validTimeDateDescription: 'All year',
        offerRate: '10',
        termsAccepted: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.merchant.merchantName).toBe('Sunil Hardware');
    expect((await userRow(user.userId)).merchantId).toBe(created.body.data.merchantId);
  });
});

// ---------------------------------------------------------------------------------------------
// The commands. Each is run once as an operator would, `npx tsx scripts/merchant.ts` in its own
// process, which proves the script's wiring; the other cases run the same command in this process
// (runInProcess), which spares them a cold start. A case where another process must hold the
// database keeps its own process.

/** The command's environment: this one's, with the database chosen by `env` alone. */
const commandEnv = (env: Record<string, string>) => ({ ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env });

/** Runs an account command in this process with these arguments and environment. */
const runCommand = (args: string[], env: Record<string, string>, command: Command = merchantCommand) =>
  runInProcess(command, args, commandEnv(env));

/** Runs scripts/merchant.ts (or another account command) in its own process; resolves with its exit code and output. */
const spawnCommand = (args: string[], env: Record<string, string>, name = 'merchant') =>
  runAsChildProcess(name, args, commandEnv(env));

/** A fresh database of the kind under test for the command: a PGlite folder, or a PostgreSQL database. */
async function commandDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  if (TEST_DB === 'pglite') {
    const dataDir = newPgliteFolder('merchant');
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `offerlanka_merchant_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  // As harness.ts's: commits need not wait for the disk.
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The app on an opened handle, to sign in through HTTP. */
function appOn(handle: DatabaseHandle) {
  const cache = new ResponseCache(0);
  const app = createApp({
    db: handle.db,
    sms: createConsoleSmsProvider(() => {}),
    limiter: new RateLimiter(createMemoryRateLimitStore(), DEFAULT_RATE_RULES, false),
    cache,
    publicChanged: () => cache.clear(),
    trustProxy: false,
  });
  return (path: string, body: unknown) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe(`npm run merchant (${TEST_DB})`, () => {
  let database: Awaited<ReturnType<typeof commandDatabase>>;
  beforeAll(async () => {
    database = await commandDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('creates a merchant account that can then sign in as userType 2', { timeout: 120_000 }, async () => {
    const run = await spawnCommand(
      [
        '--mobile',
        '771230001',
        '--first-name',
        'Kamal',
        '--password',
        STRONG_PASSWORD,
        '--business-name',
        'Lanka Spice House',
        '--br-no',
        'PV 00123',
        '--company-email',
        'offers@lankaspice.example',
        '--contact-no',
        '112345678',
        '--address-no',
        '42',
        '--street-name',
        'Galle Road',
        '--city',
        'Colombo 03',
      ],
      database.env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Created merchant account 771230001');
    expect(run.stdout).toContain('the company is not activated yet');

    const handle = await database.open();
    try {
      const res = await appOn(handle)('/api/user/authentication', { mobileNo: '771230001', password: STRONG_PASSWORD });
      const body = (await res.json()) as { data: Record<string, unknown> };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        userType: 2,
        businessName: 'Lanka Spice House',
        city: 'Colombo 03',
        isMobileVerification: true,
      });
    } finally {
      await handle.close();
    }
  });

  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    'with --activated, lets the company send offers at once',
    { timeout: 120_000 },
    async () => {
      const run = await runCommand(['--mobile', '771230001', '--activated'], database.env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Promoted merchant account 771230001');
      expect(run.stdout).not.toContain('not activated');
      const handle = await database.open();
      try {
        const [user] = await handle.db.select().from(users).where(eq(users.mobileNo, '771230001'));
        expect(user!.merchantStep).toBe('activated');
      } finally {
        await handle.close();
      }
    },
  );

  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    'npm run team makes a team account the same way, and promotes an existing one',
    { timeout: 120_000 },
    async () => {
      // scripts/team.ts's one run in its own process.
      const made = await spawnCommand(
        ['--mobile', '771230009', '--first-name', 'Tharushi', '--password', STRONG_PASSWORD],
        database.env,
        'team',
      );
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toContain('Created team account 771230009');
      const promoted = await runCommand(['--mobile', '771230001'], database.env, teamCommand);
      expect(promoted.stdout).toContain('Promoted team account 771230001');
      const refused = await runCommand(
        ['--mobile', '771230010', '--first-name', 'Tharushi', '--password', 'short'],
        database.env,
        teamCommand,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^team: --password: /m);
      const handle = await database.open();
      try {
        const rows = await handle.db
          .select()
          .from(users)
          .where(sql`${users.mobileNo} in ('771230009', '771230001')`);
        expect(rows.map((row) => row.userType)).toEqual([USER_TYPES.team, USER_TYPES.team]);
      } finally {
        await handle.close();
      }
    },
  );

  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    "says what is wrong, in the options' names, with exit status 1",
    { timeout: 120_000 },
    async () => {
      const bad = await runCommand(['--mobile', '77123', '--company-email', 'nope'], database.env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`--mobile: ${ERROR_CODES.invalid_mobile_no}`);
      expect(bad.stderr).toContain(`--company-email: ${ERROR_CODES.invalid_email}`);

      const noMobile = await runCommand(['--city', 'Kandy'], database.env);
      expect(noMobile.code).toBe(1);
      expect(noMobile.stderr).toContain('--mobile is required.');

      const unknown = await runCommand(['--mobile', '771230002', '--colour', 'red'], database.env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("Unknown option '--colour'");

      const help = await runCommand(['--help'], database.env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: npm run merchant -- --mobile');
    },
  );
});

// ---------------------------------------------------------------------------------------------
// PGlite's data directory: one process at a time (src/server/db/data-dir-lock.ts).

describe.runIf(TEST_DB === 'pglite')('the PGlite data directory lock', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = newPgliteFolder('lock');
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'makes the command refuse, exit status 2, while the database is open elsewhere, and lets go on close',
    { timeout: 120_000 },
    async () => {
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
        // A second open in this same process is refused as well.
        await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
        // The command in its own process, so that the lock is held by another one, as by npm start.
        const run = await spawnCommand(
          ['--mobile', '771230003', '--first-name', 'Kamal', '--password', STRONG_PASSWORD],
          { DATA_DIR: dataDir },
        );
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`is in use by process ${process.pid}`);
        expect(run.stderr).toContain('DATABASE_URL');
      } finally {
        await handle.close();
      }
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
      const handleAgain = await openDatabase({ kind: 'pglite', dataDir });
      await handleAgain.close();
    },
  );

  it('takes over a lock left by a process that no longer runs', { timeout: 120_000 }, async () => {
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '0']);
      child.on('close', () => resolve(child.pid!));
    });
    writeFileSync(join(dataDir, LOCK_FILE), `${dead}\n`);
    const run = await runCommand(['--mobile', '771230004', '--first-name', 'Kamal', '--password', STRONG_PASSWORD], {
      DATA_DIR: dataDir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    // A file without a pid is no lock either.
    writeFileSync(join(dataDir, LOCK_FILE), 'garbage');
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await handle.close();
  });

  it(
    'tells a live holder from a later process that reuses its pid, by the start time',
    { timeout: 120_000 },
    async () => {
      const live = spawn('sleep', ['60']);
      try {
        const pid = live.pid!;
        const startTime = processStartTime(pid);
        expect(startTime).toMatch(/^\d+$/);
        // The holder itself: never taken over, and the message names it without telling anyone to delete the lock.
        writeFileSync(join(dataDir, LOCK_FILE), `${pid} ${startTime}\n`);
        const refused = await openDatabase({ kind: 'pglite', dataDir }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(DataDirLockedError);
        expect((refused as Error).message).toContain(`in use by process ${pid}`);
        expect((refused as Error).message).not.toMatch(/delete/i);
        expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(`${pid} ${startTime}\n`);
        // The same pid with another start time is a process that started later: the lock is stale.
        writeFileSync(join(dataDir, LOCK_FILE), `${pid} ${Number(startTime) - 1}\n`);
        const handle = await openDatabase({ kind: 'pglite', dataDir });
        expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).toBe(
          `${process.pid} ${processStartTime(process.pid)}\n`,
        );
        await handle.close();
      } finally {
        live.kill();
      }
    },
  );
});
