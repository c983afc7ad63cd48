// Opens the My Cards dialog from anywhere (the header, the filter bar, an empty list), loading its
// code on the first press.
export function openMyCards(): void {
  void import('./mount-my-cards.tsx').then(({ showMyCardsDialog }) => showMyCardsDialog());
}
