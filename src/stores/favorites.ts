// The signed-in user's favourite offers (spec §4 'Favourite toggle'): the list the drawer shows and
// the toggle on cards and offer pages. A toggle changes the list at once and rolls back with a
// notice when the server refuses; a success refreshes the list from the server. Logout empties it.
import { atom, computed } from 'nanostores';
import * as v from 'valibot';
import { FavoritesResponse, MESSAGES, User, type FavoriteEntryData, type OfferData } from '../contract/index.ts';
import { failureText, readAnswer } from '../lib/api-client.ts';
import { sessionApi } from '../lib/session-api.ts';
import { showNotice } from './notices.ts';
import { $session, updateSessionUser } from './session.ts';

const FavoriteChanged = v.object({ status: v.literal(true), message: v.string(), data: v.object({ user: User }) });
const NOTICE_TITLE = 'Favourites';

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
    const answer = await readAnswer(FavoritesResponse, sessionApi.get(`get/offer/favorite/by/${session.user.userId}`));
    // Signed out or in as someone else meanwhile, or a toggle since (its own load follows).
    if ($session.get()?.token !== session.token || toggles !== togglesBefore) return;
    $favorites.set(answer.data[0].favorites);
    $favoritesState.set('loaded');
  } catch {
    $favoritesState.set('failed');
  }
}

const entryFor = (offer: OfferData): FavoriteEntryData => ({
  offerId: offer.offerId, offer, bank: offer.bank, category: offer.category, merchant: offer.merchant,
  header: offer.header, label: offer.label, bannerImageURL: offer.bannerImageURL, createAt: new Date().toISOString(),
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
  const before = $favorites.get();
  const removing = before.some((entry) => entry.offerId === offer.offerId);
  $favorites.set(removing ? before.filter((entry) => entry.offerId !== offer.offerId) : [entryFor(offer), ...before]);
  changeInterest(offer.offerId, removing ? -1 : 1);
  try {
    const request = removing
      ? sessionApi.put('remove/offer/from/user/favorite', { json: { offerId: offer.offerId } })
      : sessionApi.put('add/user/favorite/offer', { json: { offerId: offer.offerId, categoryId: offer.categoryId, merchantId: offer.merchantId, bankId: offer.bankId } });
    const answer = await readAnswer(FavoriteChanged, request);
    updateSessionUser(answer.data.user);
    showNotice({ kind: 'success', title: NOTICE_TITLE, text: removing ? MESSAGES.favoriteRemoved : MESSAGES.favoriteAdded });
    void loadFavorites();
    return removing ? 'removed' : 'added';
  } catch (error) {
    // Put back this offer only: another toggle may have finished meanwhile.
    const now = $favorites.get().filter((entry) => entry.offerId !== offer.offerId);
    const original = before.find((entry) => entry.offerId === offer.offerId);
    $favorites.set(original ? [...now, original].sort((a, b) => b.createAt.localeCompare(a.createAt)) : now);
    changeInterest(offer.offerId, removing ? 1 : -1);
    if ($session.get()) showNotice({ kind: 'danger', title: NOTICE_TITLE, text: failureText(error) });
    return 'failed';
  }
}
