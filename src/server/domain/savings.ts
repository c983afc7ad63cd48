// The savings answer at a merchant (docs/api.md "Savings at a merchant"): the merchant's public
// offers that have not ended by the day asked, and the cards asked about (or, with none, every card
// of each bank with an offer there), ranked by lib/savings.ts, the same code the pages run.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { MyCardData } from '../../contract/card-constants.ts';
import type { CardSavingAnswerData } from '../../contract/savings.ts';
import {
  cardsOfBanks,
  rankSavings,
  type SavingsCard,
  type SavingsOffer,
  type SavingsQuestion,
} from '../../lib/savings.ts';
import { benefitText, reasonText } from '../../lib/savings-text.ts';
import { sriLankaInstant } from '../../lib/sri-lanka-date.ts';
import { baseLocale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { isPublic, notEnded } from '../db/listed.ts';
import { banks, merchants, offers } from '../db/schema.ts';
import { failure } from '../errors.ts';

/** The merchant's public offers, not withdrawn, that have not ended before the day asked. */
async function offersAt(db: Database, merchantId: number, date: string): Promise<SavingsOffer[]> {
  const rows = await db
    .select({
      offerId: offers.offerId,
      bankId: offers.bankId,
      offerType: offers.offerType,
      offerRate: offers.offerRate,
      instalmentMonths: offers.instalmentMonths,
      offerStart: offers.offerStart,
      offerEnd: offers.offerEnd,
      eligibility: offers.eligibility,
    })
    .from(offers)
    .where(
      and(
        eq(offers.merchantId, merchantId),
        isPublic(),
        isNull(offers.withdrawnAt),
        notEnded(new Date(sriLankaInstant(date))),
      ),
    )
    .orderBy(asc(offers.offerId));
  return rows.map((row) => ({
    ...row,
    offerType: row.offerType as SavingsOffer['offerType'],
    offerStart: row.offerStart?.toISOString() ?? null,
    offerEnd: row.offerEnd?.toISOString() ?? null,
  }));
}

/** The banks' cards, in the order of their names. */
async function everyCardOf(db: Database, bankIds: number[]): Promise<SavingsCard[]> {
  if (bankIds.length === 0) return [];
  return cardsOfBanks(
    await db
      .select({ bankId: banks.bankId, issuedCards: banks.issuedCards })
      .from(banks)
      .where(inArray(banks.bankId, bankIds))
      .orderBy(asc(banks.bankName)),
  );
}

export async function merchantSavings(
  db: Database,
  merchantId: number,
  question: SavingsQuestion,
  cards: readonly MyCardData[],
): Promise<CardSavingAnswerData[]> {
  const [merchant] = await db
    .select({ merchantId: merchants.merchantId })
    .from(merchants)
    .where(eq(merchants.merchantId, merchantId))
    .limit(1);
  if (!merchant) throw failure(404, 'merchant_not_found');
  const found = await offersAt(db, merchantId, question.date);
  const asked = cards.length > 0 ? cards : await everyCardOf(db, [...new Set(found.map((offer) => offer.bankId))]);
  const byId = new Map(found.map((offer) => [offer.offerId, offer]));
  return rankSavings(found, asked, question).map(({ card, offerId, qualifies, saving, reason }) => {
    const offer = offerId === null ? undefined : byId.get(offerId);
    return {
      bankId: card.bankId,
      card: { network: card.network, kind: card.kind, tier: card.tier },
      offerId,
      qualifies,
      saving,
      benefit: offer ? benefitText(offer, baseLocale) : null,
      reason: reason ? reasonText(reason, baseLocale) : null,
      reasonDetail: reason,
    };
  });
}
