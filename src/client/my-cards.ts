// My Cards on the account (docs/api.md §4b): read and replaced as a whole, with the session's token.
// Loaded on first use by the My Cards store, for signed-in visitors only.
import type { KyInstance } from 'ky';
import { MyCardsResponse, type MyCardData } from '../contract/offer-search.ts';
import { mainApi, readAnswer } from './http.ts';
import { withBearerToken, type SessionLink } from './session.ts';

export { failureText } from './http.ts';

export async function fetchAccountCards(session: SessionLink, api: KyInstance = mainApi): Promise<MyCardData[]> {
  return (await readAnswer(MyCardsResponse, withBearerToken(api, session).get('user/cards'))).data;
}

export async function saveAccountCards(
  cards: readonly MyCardData[],
  session: SessionLink,
  api: KyInstance = mainApi,
): Promise<MyCardData[]> {
  return (await readAnswer(MyCardsResponse, withBearerToken(api, session).put('user/cards', { json: { cards } }))).data;
}
