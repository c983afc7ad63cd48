// npm run reminders -- --now (scripts/reminders.ts) as an operator runs it, with the console SMS
// provider: each message printed, the last line `reminders: sent N, skipped N`, nothing in quiet
// hours, nothing twice; on PostgreSQL, two commands at once send a reminder once.
// One run goes in its own process as an operator's does, which proves the script's wiring; the
// others run the command in this process (runInProcess), sparing each a cold start, except the two
// processes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindersCommand } from '../../scripts/commands/reminders.ts';
import { runAsChildProcess, runInProcess } from '../support/commands.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { favorites, offers, users } from '../../src/server/db/schema.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import { commandDatabase } from './command-database.ts';
import { TEST_DB } from './harness.ts';

const database = commandDatabase('reminders');
const MOBILE = '771239876';

const commandEnv = () => ({
  ...process.env,
  SMS_PROVIDER: 'console',
  SITE_URL: 'https://offerlanka.lk',
  NODE_ENV: 'development',
  ...database.env(),
});
/** npm run reminders in this process. */
const reminders = (...args: string[]) => runInProcess(remindersCommand, args, commandEnv());
/** npm run reminders in its own process, as an operator runs it. */
const spawnReminders = (...args: string[]) => runAsChildProcess('reminders', args, commandEnv());
const lastLine = (result: { stdout: string }) => result.stdout.trim().split('\n').at(-1);

beforeAll(async () => {
  const handle = await database.open();
  await seedDemoData(handle.db, { offers: 10 });
  const [offer] = await handle.db
    .insert(offers)
    .values({
      label: 'Test',
      header: 'Pizza Hut 25% off',
      description: '<p>Test</p>',
      offerType: 'off',
      offerRate: '25',
      offerDateType: 'other',
      reviewStatus: 'accepted',
      bankId: 1,
      categoryId: 1,
      merchantId: 1,
      offerEnd: new Date('2031-03-05T23:59:59.999+05:30'),
    })
    .returning();
  const [user] = await handle.db
    .insert(users)
    .values({ userType: 1, firstName: 'Nimal', mobileNo: MOBILE, passwordHash: 'x', reminderDaysBefore: 2 })
    .returning();
  await handle.db.insert(favorites).values({ userId: user!.userId, offerId: offer!.offerId });
  await handle.close();
}, 120_000);
afterAll(async () => {
  await database.remove();
});

describe('npm run reminders', () => {
  it('sends nothing in quiet hours, then prints each message and the totals; a second run sends nothing', async () => {
    const quiet = await reminders('--now', '--at', '2031-03-03T21:30:00+05:30');
    expect(lastLine(quiet)).toBe('reminders: sent 0, skipped 1');
    expect(quiet.stdout).not.toContain('[sms:console]');

    const first = await spawnReminders('--now', '--at', '2031-03-03T09:00:00+05:30');
    expect(lastLine(first)).toBe('reminders: sent 1, skipped 0');
    expect(first.stdout).toMatch(
      new RegExp(
        `\\[sms:console\\] to \\+94${MOBILE}: OfferLanka: Your saved offer ends on Wednesday 5 Mar: Pizza Hut 25% off\\. https://offerlanka\\.lk/#favourites Stop: https://offerlanka\\.lk/api/reminders/stop\\?token=\\S+`,
      ),
    );
    const second = await reminders('--now', '--at', '2031-03-03T10:00:00+05:30');
    expect(lastLine(second)).toBe('reminders: sent 0, skipped 1');
  }, 120_000);

  it('says what is wrong with its arguments', async () => {
    const bare = await reminders();
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('reminders: say --now');
    const badTime = await reminders('--now', '--at', 'tomorrow');
    expect(badTime.stderr).toContain("reminders: --at: not a time: 'tomorrow'.");
  }, 120_000);

  it.runIf(TEST_DB === 'postgres')(
    'sends a reminder once when two commands run at the same time',
    async () => {
      const handle = await openDatabase({ kind: 'postgres', url: database.databaseUrl! });
      const [offer] = await handle.db
        .insert(offers)
        .values({
          label: 'Test',
          header: 'KFC 20% off',
          description: '<p>Test</p>',
          offerType: 'off',
          offerRate: '20',
          offerDateType: 'other',
          reviewStatus: 'accepted',
          bankId: 1,
          categoryId: 1,
          merchantId: 1,
          offerEnd: new Date('2031-04-10T23:59:59.999+05:30'),
        })
        .returning();
      const [user] = await handle.db
        .insert(users)
        .values({ userType: 1, firstName: 'Kamal', mobileNo: '771239877', passwordHash: 'x', reminderDaysBefore: 1 })
        .returning();
      await handle.db.insert(favorites).values({ userId: user!.userId, offerId: offer!.offerId });
      await handle.close();
      // Two processes, as two operators (or a server and an operator) would run them.
      const results = await Promise.all([
        spawnReminders('--now', '--at', '2031-04-09T12:00:00+05:30'),
        spawnReminders('--now', '--at', '2031-04-09T12:00:00+05:30'),
      ]);
      const sent = results.map((result) => Number(/sent (\d+)/.exec(lastLine(result) ?? '')?.[1]));
      expect(sent.sort()).toEqual([0, 1]);
      expect(results.map((result) => result.stdout.split('to +94771239877').length - 1).reduce((a, b) => a + b)).toBe(
        1,
      );
    },
    120_000,
  );
});
