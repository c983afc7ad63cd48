// The newsletter list and visitors' feedback.
import type { Database } from '../db/client.ts';
import { feedback, subscriptions } from '../db/schema.ts';

/** Puts an address (stored lower-cased) on the newsletter list; true when it was on it already. */
export async function subscribe(db: Database, email: string, insightId: string | null | undefined): Promise<boolean> {
  const inserted = await db
    .insert(subscriptions)
    .values({ email, insightId: insightId || null })
    .onConflictDoNothing()
    .returning({ id: subscriptions.subscriptionId });
  return inserted.length === 0;
}

export async function saveFeedback(
  db: Database,
  input: { insightId?: string | null; firstName: string; mobileNo: string; email: string; message: string },
) {
  await db.insert(feedback).values({ ...input, insightId: input.insightId || null });
}
