// Password hashing with argon2id at the settings DECISIONS.md asks for (19 MiB, 2 iterations).
import { hash, verify } from '@node-rs/argon2';
import zxcvbn from 'zxcvbn';
import { PASSWORD_MIN_STRENGTH } from '../../contract/limits.ts';

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, so not importable under isolatedModules)
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

// Verifying against this when the user does not exist keeps sign-in timing the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-1A');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** zxcvbn score 0-4; the spec's minimum is 3. */
export function isStrongEnough(password: string, userInputs: string[]): boolean {
  return zxcvbn(password, userInputs).score >= PASSWORD_MIN_STRENGTH;
}
