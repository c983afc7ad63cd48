// npm run digests -- --now (scripts/digests.ts) as an operator runs it: this week's digest sent
// through SMTP (a real smtp-server here), its line, and a second run the same week sending nothing.
// The first run goes in its own process as an operator's does, which proves the script's wiring;
// the others run the command in this process (runInProcess), sparing each a cold start.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestsCommand } from '../../scripts/commands/digests.ts';
import { runAsChildProcess, runInProcess } from '../support/commands.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { jobRuns, offerAlerts, offers, users } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import { startServer } from '../../src/server/server.ts';
import { commandDatabase } from './command-database.ts';
import { RUNS_ENGINE_NEUTRAL_CASES, TEST_DB } from './harness.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const database = commandDatabase('digests');
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];

const commandEnv = () => ({
  ...process.env,
  PORT: '0',
  SITE_URL: 'https://offerlanka.example',
  MAIL_PROVIDER: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtpPort),
  MAIL_FROM: 'OfferLanka <alerts@offerlanka.example>',
  ...database.env(),
});
/** npm run digests in this process. */
const digests = (...args: string[]) => runInProcess(digestsCommand, args, commandEnv());
/** npm run digests in its own process, as an operator runs it. */
const spawnDigests = (...args: string[]) => runAsChildProcess('digests', args, commandEnv());

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\r\n[ \t]+/g, ' '),
        );
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;

  const handle = await database.open();
  const db = handle.db;
  await seedDemoData(db, { offers: 30 });
  const [user] = await db
    .insert(users)
    .values({
      userType: 1,
      firstName: 'Digest',
      mobileNo: '771112223',
      passwordHash: 'x',
      email: 'reader@example.com',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.reviewStatus, 'accepted'), isNull(offers.withdrawnAt), isNull(offers.offerEnd)))
    .limit(1);
  const since = new Date(Date.now() - 2 * 3_600_000);
  await db.insert(offerAlerts).values({
    userId: user!.userId,
    label: 'Command list',
    filter: {
      bankIds: [offer!.bankId],
      categoryIds: [],
      networks: [],
      channel: null,
      kind: null,
      validToday: false,
      endingSoon: false,
      cards: [],
      sort: 'newest',
    },
    notifiedThrough: since,
  });
  await db
    .update(offers)
    .set({ reviewedAt: new Date(since.getTime() + 3_600_000) })
    .where(eq(offers.offerId, offer!.offerId));
  await handle.close();
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await database.remove();
});

describe('npm run digests -- --now', () => {
  it("sends this week's digest through SMTP once, and says so", async () => {
    const first = await spawnDigests('--now');
    expect(first.stdout.trim()).toBe('digests: sent 1, skipped 0');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: reader@example\.com/m);
    expect(received[0]).toMatch(/^List-Unsubscribe: <https:\/\/offerlanka\.example\/api\/email\/unsubscribe\?token=/m);

    const second = await digests('--now');
    expect(second.stdout.trim()).toBe('digests: sent 0, skipped 1');
    expect(received).toHaveLength(1);

    const handle =
      TEST_DB === 'pglite'
        ? await openDatabase({ kind: 'pglite', dataDir: database.dataDir! })
        : await openDatabase({ kind: 'postgres', url: database.databaseUrl! });
    try {
      const runs = await handle.db.select().from(jobRuns).where(eq(jobRuns.job, 'digests')).orderBy(jobRuns.runId);
      expect(runs.map((row) => [row.sent, row.skipped])).toEqual([
        [1, 0],
        [0, 1],
      ]);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
    'asks for --now',
    async () => {
      const refused = await digests();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('digests: say --now to send the digests now.');
    },
    60_000,
  );

  it.runIf(TEST_DB === 'pglite')(
    'is also kept on its weekly schedule by the server (DIGEST_CRON, Sri Lanka time), which stops cleanly',
    async () => {
      const env = readEnv({
        ...NO_DELAY_SHEDDING,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: database.dataDir!,
        DIGEST_CRON: '30 8 * * 1',
        IMPORT_INTERVAL_HOURS: '0',
      });
      const server = await startServer({ env, serveSite: false, seedWhenEmpty: false, log: () => {} });
      try {
        const rows = await server.handle.db.execute(
          sql`select name, cron, timezone from pgboss.schedule where name = 'digests'`,
        );
        expect((rows as unknown as { rows?: unknown[] }).rows ?? rows).toEqual([
          { name: 'digests', cron: '30 8 * * 1', timezone: 'Asia/Colombo' },
        ]);
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
