// The database handle on either engine: errors keep their PostgreSQL fields, transactions commit
// and roll back, and a slow query does not hold up the HTTP thread (PGlite runs in a worker).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/execute.ts';
import { banks, images, siteMeta } from '../../src/server/db/schema.ts';
import { openTestDatabase, TEST_DB } from './harness.ts';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
const db = () => handle.db;
const bank = (bankId: number, bankName: string) => ({
  bankId,
  bankName,
  slug: `bank-${bankId}-${bankName.length}`,
  logoUrl: '/l.svg',
  thumbnailUrl: '/t.svg',
});

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  await db().insert(banks).values(bank(1, 'First Bank'));
});
afterAll(async () => {
  await drop?.();
});

async function failure(promise: Promise<unknown>): Promise<Error & { cause?: Record<string, unknown> }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error & { cause?: Record<string, unknown> };
}

describe(`the database handle (${TEST_DB})`, () => {
  it('is the engine under test', () => {
    expect(handle.kind).toBe(TEST_DB);
  });

  it('passes database errors on with their PostgreSQL fields', async () => {
    const duplicate = await failure(db().insert(banks).values(bank(1, 'Again')));
    expect(duplicate.cause).toMatchObject({ code: '23505' });
    // The driver's own field names: PGlite's (the worker keeps them) or postgres.js's.
    expect(duplicate.cause).toMatchObject(
      TEST_DB === 'pglite' ? { constraint: 'banks_pkey', severity: 'ERROR' } : { constraint_name: 'banks_pkey' },
    );
    expect(String(duplicate.cause?.message)).toMatch(/duplicate key/);

    const syntax = await failure(db().execute(sql`select from where`));
    expect(syntax.cause).toMatchObject({ code: '42601' });
  });

  it('gives Dates for timestamps, Buffers for bytea, and plain rows for raw SQL', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const createdAt = new Date('2026-01-02T03:04:05.678Z');
    await db().insert(images).values({ name: 'db-test.png', contentType: 'image/png', bytes, createdAt });
    const [image] = await db().select().from(images).where(eq(images.name, 'db-test.png'));
    expect(image!.createdAt).toEqual(createdAt);
    expect(Buffer.isBuffer(image!.bytes)).toBe(true);
    expect(image!.bytes.equals(bytes)).toBe(true);

    const [raw] = await queryRows<{ n: number; s: string }>(db(), sql`select 41 + 1 as n, 'text' as s`);
    expect(raw).toEqual({ n: 42, s: 'text' });
  });

  it('commits a transaction, and rolls it back when its function throws', async () => {
    const key = `tx-${Date.now()}`;
    const committed = await db().transaction(async (tx) => {
      await tx.insert(siteMeta).values({ key, value: 'kept' });
      return (await tx.select().from(siteMeta).where(eq(siteMeta.key, key))).length;
    });
    expect(committed).toBe(1);
    expect(await db().select().from(siteMeta).where(eq(siteMeta.key, key))).toHaveLength(1);

    const thrown = await failure(
      db().transaction(async (tx) => {
        await tx.update(siteMeta).set({ value: 'changed' }).where(eq(siteMeta.key, key));
        throw new Error('changed my mind');
      }),
    );
    expect(thrown.message).toBe('changed my mind');
    await failure(
      db().transaction(async (tx) => {
        await tx.update(siteMeta).set({ value: 'changed' }).where(eq(siteMeta.key, key));
        tx.rollback();
      }),
    );
    const [after] = await db().select().from(siteMeta).where(eq(siteMeta.key, key));
    expect(after!.value).toBe('kept');
  });

  it('runs other queries after a transaction, not inside it', async () => {
    const key = `tx-order-${Date.now()}`;
    let outside: Promise<unknown> | undefined;
    await db().transaction(async (tx) => {
      await tx.insert(siteMeta).values({ key, value: 'in' });
      // Issued meanwhile outside the transaction: on PGlite it waits for the commit.
      outside = db().select().from(siteMeta).where(eq(siteMeta.key, key));
      await tx.update(siteMeta).set({ value: 'committed' }).where(eq(siteMeta.key, key));
    });
    const rows = (await outside) as { value: string }[];
    if (TEST_DB === 'pglite') expect(rows.map((r) => r.value)).toEqual(['committed']);
    expect((await db().select().from(siteMeta).where(eq(siteMeta.key, key)))[0]!.value).toBe('committed');
  });

  it('leaves the event loop free while a query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    try {
      await db().execute(sql`select pg_sleep(0.3)`);
    } finally {
      clearInterval(timer);
    }
    // About 30 ticks when the thread is free; none when the query holds it.
    expect(ticks).toBeGreaterThan(10);
  });
});

describe.runIf(TEST_DB === 'pglite')('the PGlite worker', () => {
  it('dumps the data directory, opens a copy from it, and refuses queries once closed', async () => {
    const dump = await handle.dumpDataDir!();
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    try {
      expect((await copy.db.select().from(banks)).map((b) => b.bankName)).toEqual(['First Bank']);
    } finally {
      await copy.close();
    }
    await expect(copy.db.select().from(banks)).rejects.toThrow();
    await copy.close(); // a second close is harmless
    // Starts a second PGlite in a worker of its own: about 4 s alone, over 30 s beside the other lanes.
  }, 120_000);
});
