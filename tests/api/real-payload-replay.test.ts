// Every bank's real payload (tests/support/real-payload-captures.ts, read from ../shared/real-data
// at test time) imported as an operator would: one HAR holding them all, run with
// `npm run import -- --replay FILE.har` (run in this process: import-command.test.ts starts it as
// its own), on PGlite or PostgreSQL as TEST_DB says. Each offer on each payload is read, as a new
// offer or as a refusal with its reason; none goes silently missing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRuns, importSources, offerSources } from '../../src/server/db/schema.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import { importCommand } from '../../scripts/commands/import.ts';
import { runInProcess } from '../support/commands.ts';
import { CAPTURED_AT, harOf, REAL_DATA_ABSENT, REAL_DATA_DIR } from '../support/real-data.ts';
import { REAL_CAPTURES } from '../support/real-payload-captures.ts';
import { commandDatabase } from './command-database.ts';

const database = commandDatabase('real_replay');
const work = mkdtempSync(join(tmpdir(), 'offerlanka-real-har-'));
const capture = join(work, 'banks.har');
const sourceKeys = REAL_CAPTURES.map((real) => real.adapter.adapter);

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "the banks' real payloads, replayed by npm run import"
    : `the banks' real payloads (skipped: ${REAL_DATA_ABSENT})`,
  () => {
    beforeAll(async () => {
      writeFileSync(capture, JSON.stringify(harOf(REAL_CAPTURES.flatMap((real) => real.answers()))));
      const handle = await database.open();
      await seedDemoData(handle.db, { offers: 10 });
      // The bank sources are seeded off; these four are turned on at the URLs their captures answer.
      await handle.db.update(importSources).set({ enabled: false }).where(ne(importSources.sourceKey, ''));
      for (const real of REAL_CAPTURES) {
        await handle.db
          .update(importSources)
          .set({ enabled: true, url: real.url })
          .where(eq(importSources.sourceKey, real.adapter.adapter));
      }
      // As sources that never ran: the demo data's history of them (seed/sources.ts) is cleared.
      await handle.db.delete(offerSources).where(inArray(offerSources.sourceKey, sourceKeys));
      await handle.db.delete(importRuns).where(inArray(importRuns.sourceKey, sourceKeys));
      await handle.close();
    }, 120_000);
    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await database.remove();
    });

    it('reads every offer of every payload, as a new offer or a refusal with its reason, with no network', async () => {
      const result = await runInProcess(importCommand, ['--replay', capture], {
        ...process.env,
        PORT: '0',
        ...database.env(),
      });
      expect(result.stderr).toContain(`from ${capture}`);
      const lines = result.stdout.trim().split('\n');

      const handle = await database.reopen();
      try {
        for (const real of REAL_CAPTURES) {
          const key = real.adapter.adapter;
          const line = lines.find((text) => text.startsWith(`${key}: `));
          expect(line, result.stdout).toMatch(
            new RegExp(`^${key}: import: new \\d+, changed 0, unchanged 0, missing 0, failed \\d+$`),
          );
          const [runRow] = await handle.db.select().from(importRuns).where(eq(importRuns.sourceKey, key));
          expect(runRow).toMatchObject({ ok: true, changed: 0, unchanged: 0, missing: 0 });
          expect(runRow!.newCount + runRow!.failed, `${key}: ${JSON.stringify(runRow!.errors)}`).toBe(
            real.offersListed(),
          );
          expect(runRow!.errors).toHaveLength(runRow!.failed);
          for (const error of runRow!.errors) expect(error.reason.length, JSON.stringify(error)).toBeGreaterThan(10);
          const made = await handle.db
            .select({ offerId: offerSources.offerId })
            .from(offerSources)
            .where(eq(offerSources.sourceKey, key));
          expect(made).toHaveLength(runRow!.newCount);
        }
        // Judged as of the capture (September 2026), most are running offers, not ended ones.
        const runs = await handle.db.select().from(importRuns).where(inArray(importRuns.sourceKey, sourceKeys));
        const counted = runs.reduce(
          (sum, row) => ({ made: sum.made + row.newCount, listed: sum.listed + row.newCount + row.failed }),
          { made: 0, listed: 0 },
        );
        expect(counted.made, result.stdout).toBeGreaterThan(counted.listed / 2);
        expect(runs.every((row) => row.startedAt.toISOString() === CAPTURED_AT)).toBe(true);
      } finally {
        await handle.close();
      }
    }, 240_000);
  },
);
