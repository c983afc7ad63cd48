// A signed-in user's interest categories first (home's order for that user).
import { describe, expect, it } from 'vitest';
import { interestsFirst } from '../../src/lib/interests-first.ts';

const offer = (offerId: number, categoryId: number) => ({ offerId, categoryId });

describe('interestsFirst', () => {
  const offers = [offer(1, 10), offer(2, 20), offer(3, 30), offer(4, 20), offer(5, 10)];

  it('moves the offers in the interest categories first, each group in its own order', () => {
    expect(interestsFirst(offers, [20]).map((o) => o.offerId)).toEqual([2, 4, 1, 3, 5]);
    expect(interestsFirst(offers, [30, 10]).map((o) => o.offerId)).toEqual([1, 3, 5, 2, 4]);
  });

  it('keeps the order without interests, or with interests no offer is in', () => {
    expect(interestsFirst(offers, []).map((o) => o.offerId)).toEqual([1, 2, 3, 4, 5]);
    expect(interestsFirst(offers, [99]).map((o) => o.offerId)).toEqual([1, 2, 3, 4, 5]);
  });
});
