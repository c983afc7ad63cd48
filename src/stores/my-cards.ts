// My Cards: the cards the visitor holds, for the "Your card" mark and "My cards only". A guest's
// cards live in this browser (localStorage, shared across tabs). Signed in, they are the account's:
// at sign-in the browser's cards and the account's are merged and saved to the account, so they
// follow the user to another device; each change is saved there too. Logout forgets them here.
import { persistentAtom } from '@nanostores/persistent';
import * as v from 'valibot';
import { MY_CARDS_MAX, myCardKey, MyCardList, type MyCardData } from '../contract/offer-search.ts';
import { CLIENT_ERROR_TEXTS } from '../lib/constants.ts';
import { showNotice } from './notices.ts';
import { $session, sessionLink } from './session.ts';

export const MY_CARDS_STORAGE_KEY = 'offerlanka:my-cards';
const NOTICE_TITLE = 'My cards';

/** Storage is the visitor's to edit: anything but a valid list of cards reads as none. */
function decodeCards(text: string): MyCardData[] {
  try {
    const parsed = v.safeParse(MyCardList, JSON.parse(text));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

export const $myCards = persistentAtom<MyCardData[]>(MY_CARDS_STORAGE_KEY, [], { encode: JSON.stringify, decode: decodeCards });

const accountApi = () => import('../client/my-cards.ts');

/** Both lists, each card once (the first list's first), up to the most one visitor may keep. */
export const mergeCards = (first: readonly MyCardData[], second: readonly MyCardData[]) => {
  const seen = new Set(first.map(myCardKey));
  return [...first, ...second.filter((card) => !seen.has(myCardKey(card)))].slice(0, MY_CARDS_MAX);
};

/** Saves the cards to the account of a signed-in visitor; a refusal is told in a notice, the cards stay here. */
async function saveToAccount(cards: readonly MyCardData[]): Promise<void> {
  if (!$session.get()) return;
  const api = await accountApi().catch(() => undefined);
  try {
    if (!api) throw new Error('The My Cards code did not load');
    await api.saveAccountCards(cards, sessionLink);
  } catch (error) {
    if ($session.get()) showNotice({ kind: 'danger', title: NOTICE_TITLE, text: api ? api.failureText(error) : CLIENT_ERROR_TEXTS.network });
  }
}

export function setMyCards(cards: readonly MyCardData[]): void {
  $myCards.set([...cards]);
  void saveToAccount(cards);
}

export const addMyCard = (card: MyCardData) => setMyCards(mergeCards($myCards.get(), [card]));
export const removeMyCard = (card: MyCardData) => setMyCards($myCards.get().filter((other) => myCardKey(other) !== myCardKey(card)));

/**
 * After sign-in, and at each load of a signed-in page: the account's cards and this browser's,
 * merged, in both places. A failed read leaves both as they are (the next load tries again).
 */
export async function syncMyCardsWithAccount(): Promise<void> {
  const token = $session.get()?.token;
  if (!token) return;
  try {
    const api = await accountApi();
    const saved = await api.fetchAccountCards(sessionLink);
    if ($session.get()?.token !== token) return;
    const merged = mergeCards(saved, $myCards.get());
    $myCards.set(merged);
    if (merged.length !== saved.length) await api.saveAccountCards(merged, sessionLink);
  } catch {
    // Offline or refused: the browser keeps its cards; a 401 has ended the session already.
  }
}

// Logout (here or in another tab): the cards were the account's, not this browser's.
let signedIn = Boolean($session.get());
$session.listen((session) => {
  if (signedIn && !session) $myCards.set([]);
  signedIn = Boolean(session);
});
