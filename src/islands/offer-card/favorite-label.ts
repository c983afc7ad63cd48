// The favourite control's name on a card, shared by FavoriteButton.tsx and the cards the build wrote
// as plain HTML (src/scripts/static-cards.ts).
export const favoriteLabel = (saved: boolean, header: string) => `${saved ? 'Remove from favourites' : 'Save to favourites'}: ${header}`;
