// The main thread's side of the PGlite worker (pglite-worker.mjs): PGlite runs every query
// synchronously on its own thread, so it lives in a worker and the HTTP thread never waits on it.
// Drizzle talks to it through its pg-proxy driver (one message per query); transactions pin a
// PGlite transaction in the worker, which holds other queries back until it ends, as one
// connection would. Database errors come back with their properties (code, constraint...).
import { Worker } from 'node:worker_threads';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import { PgProxyTransaction, PgRemoteDatabase, PgRemoteSession, type RemoteCallback } from 'drizzle-orm/pg-proxy';
import * as schema from './schema.ts';

type Request =
  | { op: 'open'; dataDir?: string; loadDataDir?: ArrayBuffer; migrationsFolder: string }
  | { op: 'query'; sql: string; params: unknown[]; method: 'all' | 'execute'; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'raw'; sql: string; params?: unknown[] }
  | { op: 'dump' }
  | { op: 'close' };

type Reply = {
  id: number;
  result?: unknown;
  error?: { message: string; name: string; stack?: string; props: Record<string, unknown> };
};

/** An error from the worker, as the database threw it there. */
function toError(plain: NonNullable<Reply['error']>): Error {
  const error = Object.assign(new Error(plain.message), plain.props);
  if (error.name !== plain.name) error.name = plain.name;
  if (plain.stack) error.stack = `${plain.stack}\n    (in the PGlite worker thread)`;
  return error;
}

class PgliteWorker {
  private readonly worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { execArgv: [] });
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private stopped?: Error;

  constructor() {
    // Held open only while a request waits, like a query in the same thread.
    this.worker.unref();
    this.worker.on('message', ({ id, result, error }: Reply) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (this.pending.size === 0) this.worker.unref();
      if (error) waiting.reject(toError(error));
      else waiting.resolve(result);
    });
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`The PGlite worker stopped (exit code ${code}).`)));
  }

  request<T>(message: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...message }, transfer);
    });
  }

  /** Drizzle's pg-proxy callback: one query, outside any transaction or inside `tx`. */
  callback(tx?: number): RemoteCallback {
    return async (sql, params, method) => ({
      rows: await this.request<unknown[]>({ op: 'query', sql, params, method, tx }),
    });
  }

  /** Runs `work` inside a worker transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: number) => Promise<T>): Promise<T> {
    const tx = await this.request<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.request({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.request({ op: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database, then ends the thread. */
  async close() {
    if (this.stopped) return;
    try {
      await this.request({ op: 'close' });
    } finally {
      this.stop(new Error('The database is closed.'));
      await this.worker.terminate();
    }
  }

  private stop(reason: Error) {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}

type Schema = typeof schema;
type Relations = RelationalSchemaConfig<TablesRelationalConfig>;

/** pg-proxy's session, with transactions run in the worker. */
class PgliteWorkerSession extends PgRemoteSession<Schema, TablesRelationalConfig> {
  constructor(
    private readonly thread: PgliteWorker,
    private readonly pgDialect: PgDialect,
    private readonly relations: Relations,
  ) {
    super(thread.callback(), pgDialect, relations);
  }

  override transaction<T>(
    run: (tx: PgProxyTransaction<Schema, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.thread.transaction(async (id) => {
      const session = new PgRemoteSession<Schema, TablesRelationalConfig>(
        this.thread.callback(id),
        this.pgDialect,
        this.relations,
      );
      const tx = new PgProxyTransaction<Schema, TablesRelationalConfig>(this.pgDialect, session, this.relations);
      if (config) await tx.setTransaction(config);
      return run(tx);
    });
  }
}

export interface PgliteWorkerDatabase {
  db: PgRemoteDatabase<Schema>;
  /** SQL as a plain PostgreSQL client runs it (the job queue's connection: pg-boss's IDatabase). */
  executeSql(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
  dumpDataDir(): Promise<Blob>;
}

/** PGlite in a worker thread: in `dataDir`, or in memory (from a dump when `loadDataDir` is given), migrated. */
export async function openPgliteWorker(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  migrationsFolder: string;
}): Promise<PgliteWorkerDatabase> {
  const thread = new PgliteWorker();
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  try {
    await thread.request(
      { op: 'open', dataDir: options.dataDir, loadDataDir, migrationsFolder: options.migrationsFolder },
      loadDataDir ? [loadDataDir] : [],
    );
  } catch (error) {
    await thread.close().catch(() => {});
    throw error;
  }
  // What drizzle('pg-proxy') builds, with the session above.
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relations: Relations = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const db = new PgRemoteDatabase<Schema>(
    dialect,
    new PgliteWorkerSession(thread, dialect, relations) as never,
    relations as never,
  );
  return {
    db,
    executeSql: async (sql, params) => ({
      rows: await thread.request<Record<string, unknown>[]>({ op: 'raw', sql, params }),
    }),
    close: () => thread.close(),
    dumpDataDir: async () => new Blob([await thread.request<ArrayBuffer>({ op: 'dump' })]),
  };
}
