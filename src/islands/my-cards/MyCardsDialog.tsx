// My Cards: the cards in the visitor's wallet. They choose a bank, then one of the cards it issues
// (network, kind and tier) or "Any card of this bank", and add it; each chosen card can be removed.
// Offers those cards can use get a "Your card" mark, and "My cards only" lists just them. A guest's
// cards stay in this browser; a signed-in user's are saved to the account (stores/my-cards.ts).
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fetchBanks } from '../../client/catalogue-lists.ts';
import { failureText } from '../../client/http.ts';
import { cardName } from '../../contract/eligibility.ts';
import { myCardKey, MY_CARDS_MAX, type MyCardData } from '../../contract/offer-search.ts';
import type { BankData } from '../../contract/index.ts';
import { m } from '../../paraglide/messages.js';
import { $myCards, addMyCard, removeMyCard } from '../../stores/my-cards.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import myCardsCss from './MyCardsDialog.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

export const ANY_CARD = 'any';

/** 'HNB Visa Platinum', 'Sampath Bank: any card'. */
export function myCardName(card: MyCardData, banks: readonly BankData[]): string {
  const bank =
    banks.find((candidate) => candidate.bankId === card.bankId)?.bankName ?? m.account_my_card_unknown_bank();
  return card.network === null
    ? m.account_my_card_any({ bank })
    : `${bank} ${cardName({ network: card.network, kind: card.kind!, tier: card.tier })}`;
}

export default function MyCardsDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const cards = useStore($myCards);
  const signedIn = useStore($isSignedIn);
  const banks = useLoaded(() => fetchBanks(), failureText);
  const [bankId, setBankId] = useState('');
  const [cardIndex, setCardIndex] = useState(ANY_CARD);

  const bankList = banks.state === 'ready' ? [...banks.data].sort((a, b) => a.bankName.localeCompare(b.bankName)) : [];
  const bank = bankList.find((candidate) => String(candidate.bankId) === bankId);
  const chosenCard = (): MyCardData | undefined => {
    if (!bank) return undefined;
    const issued = bank.issuedCards?.[Number(cardIndex)];
    return cardIndex === ANY_CARD || !issued
      ? { bankId: bank.bankId, network: null, kind: null, tier: null }
      : { bankId: bank.bankId, network: issued.network, kind: issued.kind, tier: issued.tier };
  };
  const candidate = chosenCard();
  const already = candidate !== undefined && cards.some((card) => myCardKey(card) === myCardKey(candidate));
  const full = cards.length >= MY_CARDS_MAX;
  const add = () => {
    if (!candidate || already || full) return;
    addMyCard(candidate);
    setCardIndex(ANY_CARD);
  };

  return (
    <TitledDialog
      open
      onClose={onClose}
      className="my-cards-dialog"
      title={m.account_my_cards_title()}
      count={cards.length || undefined}
    >
      <Stylesheets hrefs={[myCardsCss]} />
      <p className="my-cards-intro">
        {messageParts(m.account_my_cards_intro({ yourCard: slot(0), myCardsOnly: slot(1) }), [
          <strong>{m.account_your_card()}</strong>,
          <strong>{m.account_my_cards_only()}</strong>,
        ])}
      </p>
      {cards.length > 0 && (
        <ul className="my-cards-list" aria-label={m.account_your_cards()}>
          {cards.map((card) => (
            <li key={myCardKey(card)}>
              <span>{banks.state === 'ready' ? myCardName(card, banks.data) : '…'}</span>
              <button
                type="button"
                className="button secondary"
                onClick={() => removeMyCard(card)}
                aria-label={m.account_remove_card({
                  card: banks.state === 'ready' ? myCardName(card, banks.data) : m.account_card_lower(),
                })}
              >
                {m.account_remove()}
              </button>
            </li>
          ))}
        </ul>
      )}
      {banks.state === 'loading' && <p role="status">{m.account_loading_banks()}</p>}
      {banks.state === 'failed' && (
        <div role="alert" className="my-cards-problem">
          <p>{banks.message}</p>
          <button type="button" className="button secondary" onClick={banks.reload}>
            {m.account_try_again()}
          </button>
        </div>
      )}
      {banks.state === 'ready' && (
        <form
          className="my-cards-add"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <h3>{m.account_add_a_card()}</h3>
          <label htmlFor={`${id}-bank`}>{m.account_bank()}</label>
          <select
            id={`${id}-bank`}
            value={bankId}
            onChange={(event) => {
              setBankId(event.currentTarget.value);
              setCardIndex(ANY_CARD);
            }}
          >
            <option value="">{m.account_choose_bank()}</option>
            {bankList.map((option) => (
              <option key={option.bankId} value={option.bankId}>
                {option.bankName}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-card`}>{m.account_card()}</label>
          <select
            id={`${id}-card`}
            value={cardIndex}
            disabled={!bank}
            onChange={(event) => setCardIndex(event.currentTarget.value)}
          >
            <option value={ANY_CARD}>{m.account_any_card_of_bank()}</option>
            {bank?.issuedCards?.map((card, index) => (
              <option key={index} value={index}>
                {cardName(card)}
                {card.kind === 'credit' ? ` ${m.account_card_credit()}` : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={!candidate || already || full}>
            {m.account_add_card()}
          </button>
          {already && (
            <p className="my-cards-note" role="status">
              {m.account_card_already()}
            </p>
          )}
          {full && (
            <p className="my-cards-note" role="status">
              {m.account_cards_max({ max: MY_CARDS_MAX })}
            </p>
          )}
        </form>
      )}
      <p className="my-cards-where">{signedIn ? m.account_cards_saved_account() : m.account_cards_saved_browser()}</p>
      <div className="my-cards-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.account_done()}
        </button>
      </div>
    </TitledDialog>
  );
}
