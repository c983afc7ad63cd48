// The signed-in user's favourite offers (spec §4 'Favourite toggle'): the list the drawer shows and
// the toggle on cards and offer pages. A toggle changes the list at once and rolls back with a
// notice when the server refuses; either way the list is then loaded again from the server, and a
// load that ends while a toggle is unanswered leaves the list as shown. Logout empties it.
import { atom, computed } from 'nanostores';
import type { FavoriteEntryData, OfferData } from '../contract/index.ts';
import { CLIENT_ERROR_TEXTS } from '../lib/constants.ts';
import { m } from '../paraglide/messages.js';
import { showNotice } from './notices.ts';
import { $session, sessionLink, updateSessionUser } from './session.ts';

/** The API calls, loaded on first use: a guest's page shows favourite controls without them. */
const favoritesApi = () => import('../client/favorites.ts');

/** Most recently saved first. Empty for a guest. */
export const $favorites = atom<readonly FavoriteEntryData[]>([]);
/** 'idle' until the first load; the drawer shows a spinner only while 'loading'. */
export const $favoritesState = atom<'idle' | 'loading' | 'loaded' | 'failed'>('idle');
export const $favoriteIds = computed($favorites, (entries) => new Set(entries.map((entry) => entry.offerId)));
/**
 * Favourite counts changed in this page since it was built, by offer id: cards and offer pages add
 * it to the count the build wrote, so a toggle shows at once without another request.
 */
export const $interestChanges = atom<Readonly<Record<number, number>>>({});

/** Counts toggles, so that a load started before one does not overwrite it with an older list. */
let toggles = 0;
/**
 * Toggles whose request has not been answered: a load that ends meanwhile may have been answered
 * before them (a heart pressed as the page's first load starts), so it leaves the list alone.
 */
let togglesInFlight = 0;

// Logout (here or in another tab) empties the list (spec §4).
$session.listen((session) => {
  if (!session) {
    $favorites.set([]);
    $favoritesState.set('idle');
  }
});

/** Loads the list from the server. A failed load leaves the list as it was (spec §8). */
export async function loadFavorites(): Promise<void> {
  const session = $session.get();
  if (!session) return;
  $favoritesState.set('loading');
  const togglesBefore = toggles;
  try {
    const favorites = await (await favoritesApi()).fetchFavorites(session.user.userId, sessionLink);
    // Signed out or in as someone else meanwhile, or a toggle since or still unanswered (a load follows it).
    if ($session.get()?.token !== session.token || toggles !== togglesBefore || togglesInFlight > 0) return;
    $favorites.set(favorites);
    $favoritesState.set('loaded');
  } catch {
    $favoritesState.set('failed');
  }
}

const entryFor = (offer: OfferData): FavoriteEntryData => ({
  offerId: offer.offerId,
  offer,
  bank: offer.bank,
  category: offer.category,
  merchant: offer.merchant,
  header: offer.header,
  label: offer.label,
  bannerImageURL: offer.bannerImageURL,
  createAt: new Date().toISOString(),
});

function changeInterest(offerId: number, by: number) {
  const changes = $interestChanges.get();
  $interestChanges.set({ ...changes, [offerId]: (changes[offerId] ?? 0) + by });
}

export type ToggleResult = 'added' | 'removed' | 'failed' | 'signed-out';

/**
 * Saves the offer, or removes it when already saved. A guest gets 'signed-out' and nothing is sent:
 * the island shows the sign-in prompt.
 */
export async function toggleFavorite(offer: OfferData): Promise<ToggleResult> {
  if (!$session.get()) return 'signed-out';
  toggles++;
  togglesInFlight++;
  const before = $favorites.get();
  const removing = before.some((entry) => entry.offerId === offer.offerId);
  $favorites.set(removing ? before.filter((entry) => entry.offerId !== offer.offerId) : [entryFor(offer), ...before]);
  changeInterest(offer.offerId, removing ? -1 : 1);
  const api = await favoritesApi().catch(() => undefined);
  try {
    if (!api) throw new Error('The favourites code did not load');
    const user = removing
      ? await api.removeFavorite(offer.offerId, sessionLink)
      : await api.saveFavorite(offer, sessionLink);
    updateSessionUser(user);
    showNotice({
      kind: 'success',
      title: m.account_favourites(),
      text: removing ? m.error_favorite_removed() : m.error_favorite_added(),
    });
    // The first favourite's line offering expiry reminders, once per account; its code loads only now.
    if (!removing)
      void import('./reminder-offer.ts').then((offer) => offer.offerRemindersOnce(user.userId)).catch(() => {});
    return removing ? 'removed' : 'added';
  } catch (error) {
    // Put back this offer only: another toggle may have finished meanwhile.
    const now = $favorites.get().filter((entry) => entry.offerId !== offer.offerId);
    const original = before.find((entry) => entry.offerId === offer.offerId);
    $favorites.set(original ? [...now, original].sort((a, b) => b.createAt.localeCompare(a.createAt)) : now);
    changeInterest(offer.offerId, removing ? 1 : -1);
    if ($session.get())
      showNotice({
        kind: 'danger',
        title: m.account_favourites(),
        text: api ? api.failureText(error) : CLIENT_ERROR_TEXTS.network,
      });
    return 'failed';
  } finally {
    togglesInFlight--;
    // Saved or refused, the list is loaded again: a load left alone while this toggle was unanswered is made again.
    if (api) void loadFavorites();
  }
}
