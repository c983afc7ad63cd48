// My Cards of a signed-in user (docs/api.md §4b): the cards they hold, replaced as a whole by the
// browser, which merges them with the cards it kept before sign-in.
import { eq, inArray } from 'drizzle-orm';
import { bankIssues } from '../../contract/eligibility.ts';
import { OTHER_WORDINGS } from '../../contract/error-codes.ts';
import type { MyCardData } from '../../contract/offer-search.ts';
import type { Database } from '../db/client.ts';
import { banks, users } from '../db/schema.ts';
import { fieldIssue, HttpFailure, type Issue } from '../errors.ts';

export async function findMyCards(db: Database, userId: number): Promise<MyCardData[]> {
  const [row] = await db.select({ cards: users.cards }).from(users).where(eq(users.userId, userId)).limit(1);
  return row?.cards ?? [];
}

/** Saves the user's cards after checking each is a card its bank issues (or any card of a known bank); 400 names each one that is not. */
export async function saveMyCards(db: Database, userId: number, cards: MyCardData[]): Promise<MyCardData[]> {
  const bankIds = [...new Set(cards.map((card) => card.bankId))];
  const issuedBy = new Map(
    bankIds.length
      ? (
          await db
            .select({ bankId: banks.bankId, issuedCards: banks.issuedCards })
            .from(banks)
            .where(inArray(banks.bankId, bankIds))
        ).map((bank) => [bank.bankId, bank.issuedCards])
      : [],
  );
  const issues = cards.flatMap((card, i): Issue[] => {
    const issued = issuedBy.get(card.bankId);
    // My Cards' own words for unknown_bank_id.
    if (!issued)
      return [{ path: `cards.${i}.bankId`, message: OTHER_WORDINGS.myCardUnknownBank, code: 'unknown_bank_id' }];
    if (card.network === null || bankIssues(issued, { network: card.network, kind: card.kind!, tier: card.tier }))
      return [];
    return [fieldIssue(`cards.${i}`, 'card_not_issued')];
  });
  const [first] = issues;
  if (first) throw new HttpFailure(400, first.message, first.code, undefined, { issues });
  await db.update(users).set({ cards }).where(eq(users.userId, userId));
  return cards;
}
