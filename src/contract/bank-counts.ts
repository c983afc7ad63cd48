// A bank's live counts, on their own: the bank and offer pages read them at load
// (src/client/bank-counts.ts), and need no other answer's schema for it.
import * as v from 'valibot';

/** How many offers a bank has listed, and how many favourites they have (part of BankDetail). */
export const BankCounts = v.object({ totalCount: v.number(), favoriteCount: v.number() });
/** GET /api/get/bank/by/{bankId} as the browser reads it: the bank card's live counts (the build's figures age). */
export const BankCountsResponse = v.object({ status: v.literal(true), data: BankCounts });
