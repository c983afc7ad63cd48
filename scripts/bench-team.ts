// npm run bench:team: the team console's lists at the size the console is meant for, 100,000
// offers and 100,000 accounts, on PostgreSQL (BENCH_DATABASE_URL, default the local test server;
// a temporary database is made and dropped). Each list is asked for 30 times, one after the
// other, through the real app; prints p50 and p99 next to the goal (p99 under 100 ms: a person
// waiting on a console page).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { createApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoData } from '../src/server/seed/index.ts';
import { createMemoryRateLimitStore, DEFAULT_RATE_RULES, RateLimiter } from '../src/server/services/rate-limits.ts';
import { ResponseCache } from '../src/server/services/response-cache.ts';
import { createConsoleSmsProvider } from '../src/server/services/sms.ts';
import { createOrPromoteTeamMember } from '../src/server/domain/team-members.ts';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const RUNS = 30;
const GOAL_P99_MS = 100;
const TEAM = { mobileNo: '700000001', firstName: 'Bench', password: 'Sigiriya-Rock-Frescoes-57' };

const LISTS: [name: string, path: string][] = [
  ['review queue (pending, oldest first)', '/api/team/offers?status=pending&sort=oldest'],
  ['offers search, a rare word', '/api/team/offers?q=pizza'],
  ['offers search, a common word', '/api/team/offers?q=lanka'],
  ['offers by bank, category and status', '/api/team/offers?status=accepted&bankId=2&categoryId=3'],
  ['offers with an open report', '/api/team/offers?reported=true'],
  ['offers, page 200', '/api/team/offers?pageNo=200'],
  ['accounts search by name', '/api/team/accounts?q=nimal'],
  ['accounts search by number', '/api/team/accounts?q=0771234'],
  ['accounts, blocked merchants', '/api/team/accounts?userType=2&blocked=true'],
  ['merchants', '/api/team/merchants'],
  ['audit log', '/api/team/audit'],
  ['overview', '/api/team/overview'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `offerlanka_bench_team_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 10 });
  try {
    let started = Date.now();
    await seedDemoData(handle.db, { offers: OFFERS });
    // Accounts: first names from a short list, numbers in sequence, one in fifty a blocked merchant.
    await handle.db.execute(
      sql.raw(`insert into users (user_type, first_name, mobile_no, password_hash, is_mobile_verification, is_account_block)
      select case when i % 50 = 0 then 2 else 1 end,
             (array['Nimal','Kamal','Dilani','Ruwan','Tharushi','Sunil','Anusha','Priyantha'])[1 + i % 8] || ' ' || i,
             (770000000 + i)::text, 'x', true, i % 50 = 0
      from generate_series(1, ${ACCOUNTS}) as i`),
    );
    await handle.db.execute(sql`analyze`);
    console.log(
      `data: ${OFFERS.toLocaleString('en')} offers and ${ACCOUNTS.toLocaleString('en')} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    await createOrPromoteTeamMember(handle.db, TEAM);
    const cache = new ResponseCache(0);
    const app = createApp({
      db: handle.db,
      sms: createConsoleSmsProvider(() => {}),
      limiter: new RateLimiter(createMemoryRateLimitStore(), DEFAULT_RATE_RULES, false),
      cache,
      publicChanged: () => cache.clear(),
      trustProxy: false,
    });
    const signIn = await app.request('/api/user/authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobileNo: TEAM.mobileNo, password: TEAM.password }),
    });
    const { token } = (await signIn.json()) as { token: string };

    console.log(`\n${'list'.padEnd(40)} ${'total'.padStart(8)}  p50      p99`);
    const misses: string[] = [];
    for (const [label, path] of LISTS) {
      const times: number[] = [];
      let total = '';
      for (let run = 0; run < RUNS; run++) {
        started = performance.now();
        const response = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { totalCount?: number };
        times.push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
        total = body.totalCount === undefined ? '' : body.totalCount.toLocaleString('en');
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (p99 >= GOAL_P99_MS) misses.push(label);
      console.log(
        `${label.padEnd(40)} ${total.padStart(8)}  ${percentile(times, 50).toFixed(1).padStart(5)} ms ${p99.toFixed(1).padStart(6)} ms`,
      );
    }
    console.log(
      `\n  ${misses.length ? 'MISS' : 'PASS'}  every team list answers with p99 under ${GOAL_P99_MS} ms at ${OFFERS.toLocaleString('en')} offers and ${ACCOUNTS.toLocaleString('en')} accounts${misses.length ? `: not ${misses.join(', ')}` : ''}`,
    );
  } finally {
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
