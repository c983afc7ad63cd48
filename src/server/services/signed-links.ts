// Signed, single-purpose links (unsubscribe, e-mail confirmation, ...): a token is the payload in
// base64url and an HMAC of the purpose and payload, so a link made for one purpose never passes
// for another and nobody can make one without the key. The key is a server secret
// (server_secrets), made on first use and shared by every API process through the database.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

const SECRET_NAME = 'signed-links';
/** Longer tokens are refused before any work. */
const TOKEN_MAX = 2000;

export interface SignedLinks {
  sign(purpose: string, payload: unknown): Promise<string>;
  /** The payload, or undefined for a token that is malformed, altered or of another purpose. */
  verify<T = unknown>(purpose: string, token: string): Promise<T | undefined>;
}

/** The key, read (or made, by whichever process comes first) once per database. */
const keys = new WeakMap<Database, Promise<Buffer>>();
async function readKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  return Buffer.from(row!.value, 'hex');
}
function keyOf(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readKey(db);
    key.catch(() => keys.delete(db)); // a failed read is tried again next time
    keys.set(db, key);
  }
  return key;
}

/** The MAC's first 16 bytes (HMAC-SHA-256 truncated to 128 bits): enough, and 21 characters shorter in an SMS. */
const MAC_BYTES = 16;
const mac = (key: Buffer, purpose: string, body: string) =>
  createHmac('sha256', key).update(`${purpose}.${body}`).digest().subarray(0, MAC_BYTES);

export function signedLinks(db: Database): SignedLinks {
  return {
    async sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(await keyOf(db), purpose, body).toString('base64url')}`;
    },
    async verify<T>(purpose: string, token: string) {
      if (typeof token !== 'string' || token.length > TOKEN_MAX) return undefined;
      const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
      if (!match) return undefined;
      // Compared as text: base64url decoding ignores a last character's spare bits, so a link with
      // its last character changed would otherwise still pass.
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(mac(await keyOf(db), purpose, match[1]!).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as T;
      } catch {
        return undefined;
      }
    },
  };
}
