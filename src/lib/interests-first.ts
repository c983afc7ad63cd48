// A signed-in user's interests (the categories chosen in the profile) put first in a list of offers.

/** The offers in the interest categories first, then the others; each group keeps its order. */
export function interestsFirst<T extends { categoryId: number }>(
  offers: readonly T[],
  interestCategoryIds: readonly number[],
): T[] {
  const interests = new Set(interestCategoryIds);
  return [
    ...offers.filter((offer) => interests.has(offer.categoryId)),
    ...offers.filter((offer) => !interests.has(offer.categoryId)),
  ];
}
