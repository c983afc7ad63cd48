// The visitor's insight id (docs/api.md §8): a UUID from POST /new/insight that ties one browser's
// views, newsletter sign-up and feedback together. Kept in localStorage across visits. Every call
// takes it as optional, so until a page has started an insight the calls send null.
import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import { InsightId } from '../contract/index.ts';

export const INSIGHT_ID_STORAGE_KEY = 'offerlanka:insightId';

/** undefined while the visitor has no insight (then nothing is in storage either). */
export const $insightId = persistentAtom<string | undefined>(INSIGHT_ID_STORAGE_KEY, undefined);

const isInsightId = (value: string | undefined): value is string => v.is(InsightId, value);

/** Keeps the id POST /new/insight answered (`insight_id`); anything but a UUID is ignored. */
export function rememberInsightId(insightId: string): void {
  if (isInsightId(insightId)) $insightId.set(insightId);
}

/** Forgets the id, after the server answered 'Unknown insightId. Create a new insight.' */
export function forgetInsightId(): void {
  $insightId.set(undefined);
}

/**
 * The id to send, or null. Storage is the visitor's to edit, and the API refuses a malformed
 * insightId with 400, so a stored value that is not a UUID is not sent.
 */
export function currentInsightId(): string | null {
  const stored = $insightId.get();
  return isInsightId(stored) ? stored : null;
}
