// My Cards: the cards the visitor holds, for the "Your card" mark and "My cards only". A guest's
// cards live in this browser (localStorage, shared across tabs). Signed in, they are the account's:
// at sign-in the browser's cards and the account's are merged and saved to the account, so they
// follow the user to another device; each change is saved there too. Logout forgets them here.
import { persistentAtom } from '@nanostores/persistent';
import { CARD_KINDS, CARD_NETWORKS, MY_CARDS_MAX, myCardKey, type MyCardData } from '../contract/card-constants.ts';
import { CLIENT_ERROR_TEXTS } from '../lib/constants.ts';
import { m } from '../paraglide/messages.js';
import { showNotice } from './notices.ts';
import { $session, sessionLink } from './session.ts';

export const MY_CARDS_STORAGE_KEY = 'offerlanka:my-cards';

/** Both lists, each card once (the first list's first), up to the most one visitor may keep. */
export const mergeCards = (first: readonly MyCardData[], second: readonly MyCardData[]) => {
  const seen = new Set(first.map(myCardKey));
  return [...first, ...second.filter((card) => !seen.has(myCardKey(card)))].slice(0, MY_CARDS_MAX);
};

/**
 * Storage is the visitor's to edit: only whole cards are kept, each once. Checked by hand rather
 * than with the contract's MyCardList, which would bring the schemas into every page; the server
 * checks the cards again when they are saved to an account.
 */
const isStoredCard = (card: unknown): card is MyCardData => {
  if (typeof card !== 'object' || card === null) return false;
  const { bankId, network, kind, tier } = card as Record<string, unknown>;
  const anyCard = network === null && kind === null && tier === null;
  const oneCard =
    (CARD_NETWORKS as readonly unknown[]).includes(network) &&
    (CARD_KINDS as readonly unknown[]).includes(kind) &&
    (tier === null || typeof tier === 'string');
  return Number.isInteger(bankId) && (bankId as number) > 0 && (anyCard || oneCard);
};
function decodeCards(text: string): MyCardData[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? mergeCards(parsed.filter(isStoredCard), []) : [];
  } catch {
    return [];
  }
}

export const $myCards = persistentAtom<MyCardData[]>(MY_CARDS_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCards,
});

const accountApi = () => import('../client/my-cards.ts');

/** Saves the cards to the account of a signed-in visitor; a refusal is told in a notice, the cards stay here. */
async function saveToAccount(cards: readonly MyCardData[]): Promise<void> {
  if (!$session.get()) return;
  const api = await accountApi().catch(() => undefined);
  try {
    if (!api) throw new Error('The My Cards code did not load');
    await api.saveAccountCards(cards, sessionLink);
  } catch (error) {
    if ($session.get())
      showNotice({
        kind: 'danger',
        title: m.account_my_cards_title(),
        text: api ? api.failureText(error) : CLIENT_ERROR_TEXTS.network,
      });
  }
}

export function setMyCards(cards: readonly MyCardData[]): void {
  $myCards.set([...cards]);
  void saveToAccount(cards);
}

export const addMyCard = (card: MyCardData) => setMyCards(mergeCards($myCards.get(), [card]));
export const removeMyCard = (card: MyCardData) =>
  setMyCards($myCards.get().filter((other) => myCardKey(other) !== myCardKey(card)));

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
