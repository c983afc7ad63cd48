// The PGlite database in its own thread (started by client.ts). PGlite is PostgreSQL compiled to
// WebAssembly and runs a query synchronously on the thread that calls it, so in the HTTP thread a
// 10 ms list query would stall every request in flight. Here it owns the PGlite instance, runs the
// migrations, and answers the main thread's requests:
//   { id, op: 'open', dataDir?, loadDataDir?: ArrayBuffer, migrationsFolder }
//   { id, op: 'query', sql, params, method: 'all' | 'execute', tx? }  -> rows (arrays for 'all')
//   { id, op: 'begin' } -> a transaction id; { id, op: 'end', tx, commit } commits or rolls back
//   { id, op: 'raw', sql, params } -> rows as objects with PGlite's own parsers (Dates, JSON),
//     several statements when there are no params: the job queue's (pg-boss) connection
//   { id, op: 'dump' } -> ArrayBuffer (the data directory as a tarball); { id, op: 'close' }
// and posts back { id, result } or { id, error: { message, name, stack, props } }.
// Plain JavaScript, so it loads the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// Drizzle's own PGlite driver settings: dates, timestamps, intervals and numeric arrays stay
// text, the columns' mappers turn them into Dates etc.
const asText = (value) => value;
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText, // numeric[], timestamp[], timestamptz[], interval[], date[]
};
const queryOptions = { all: { rowMode: 'array', parsers }, execute: { rowMode: 'object', parsers } };

/** @type {PGlite | undefined} */
let pg;
let nextTransactionId = 1;
/** Open transactions: the PGlite transaction and how to end it. */
const transactions = new Map();
/** Thrown into PGlite's transaction callback to roll it back. */
const ROLLBACK = Symbol('rollback');

const handlers = {
  async open({ dataDir, loadDataDir, migrationsFolder }) {
    // One options object: PGlite ignores the second argument when the first is not a string.
    // pg_trgm: the team console's name searches use trigram indexes (migrations/0004).
    pg = new PGlite({
      dataDir,
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    });
    await pg.waitReady;
    await migrate(drizzle(pg), { migrationsFolder });
  },

  async query({ sql, params, method, tx }) {
    const client = tx === undefined ? pg : transactions.get(tx)?.tx;
    if (!client) throw new Error(tx === undefined ? 'The database is not open.' : `No open transaction ${tx}.`);
    return (await client.query(sql, params, queryOptions[method] ?? queryOptions.execute)).rows;
  },

  // The job queue (pg-boss) reads timestamps as Dates, and sends its schema changes as one script.
  async raw({ sql, params }) {
    if (!pg) throw new Error('The database is not open.');
    if (params?.length) return (await pg.query(sql, params)).rows;
    return (await pg.exec(sql)).flatMap((result) => result.rows ?? []);
  },

  // PGlite's transaction() holds its transaction lock until the callback returns: queries outside
  // the transaction wait for it, as they would on one connection.
  begin() {
    const id = nextTransactionId++;
    return new Promise((started, failed) => {
      const done = pg.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback, done });
            started(id);
          }),
      );
      done.catch(failed); // BEGIN failed: the callback never ran
    });
  },

  async end({ tx: id, commit }) {
    const open = transactions.get(id);
    if (!open) throw new Error(`No open transaction ${id}.`);
    transactions.delete(id);
    if (commit) open.commit();
    else open.rollback(ROLLBACK);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  },

  async dump() {
    const tarball = await pg.dumpDataDir('none');
    return tarball.arrayBuffer();
  },

  async close() {
    await pg?.close();
    pg = undefined;
  },
};

/** An error as plain data: message, name, stack and every own property that can be cloned (code, detail, constraint...). */
function toPlainError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', props: {} };
  const props = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      props[key] = structuredClone(value);
    } catch {
      /* functions and the like stay behind */
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, props };
}

parentPort.on('message', async (message) => {
  const { id, op } = message;
  try {
    const result = await handlers[op](message);
    parentPort.postMessage({ id, result }, result instanceof ArrayBuffer ? [result] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: toPlainError(error) });
  }
});
