// The bank card's favourites count ([data-bank-favourites="{bankId}"], on the bank page and the offer
// page): the build wrote the count of its day, and a favourite does not rebuild the page. So the API's
// count (never older than its cache, which a favourite clears) replaces it once the page has loaded,
// and again each time the signed-in visitor's favourites have been saved and read back.
import { favouritesText } from '../lib/format-offer.ts';
import { $favoritesState } from '../stores/favorites.ts';

export function showLiveBankFavourites(bankId: number): void {
  const targets = [...document.querySelectorAll<HTMLElement>(`[data-bank-favourites="${bankId}"]`)];
  if (targets.length === 0) return;
  let asked = 0;
  const refresh = async () => {
    const request = ++asked;
    try {
      const { fetchBankCounts } = await import('../client/bank-counts.ts');
      const { favoriteCount } = await fetchBankCounts(bankId);
      if (request !== asked) return; // a later answer is on its way
      for (const target of targets) target.textContent = favouritesText(favoriteCount);
    } catch (error) {
      console.error(`Bank ${bankId}: the favourites count was not refreshed`, error); // the build's count stays
    }
  };
  // After the page's own work; the API client loads only then.
  if (document.readyState === 'complete') void refresh();
  else addEventListener('load', () => void refresh(), { once: true });
  // 'loaded' follows every saved toggle (the store reads the list back once the server has answered).
  $favoritesState.listen((state) => {
    if (state === 'loaded') void refresh();
  });
}
