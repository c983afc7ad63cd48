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
import { $myCards, addMyCard, removeMyCard } from '../../stores/my-cards.ts';
import { $isSignedIn } from '../../stores/session.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import './MyCardsDialog.css';

export const ANY_CARD = 'any';

/** 'HNB Visa Platinum', 'Sampath Bank: any card'. */
export function myCardName(card: MyCardData, banks: readonly BankData[]): string {
  const bank = banks.find((candidate) => candidate.bankId === card.bankId)?.bankName ?? 'A bank no longer listed';
  return card.network === null ? `${bank}: any card` : `${bank} ${cardName({ network: card.network, kind: card.kind!, tier: card.tier })}`;
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
    <TitledDialog open onClose={onClose} className="my-cards-dialog" title="My cards" count={cards.length || undefined}>
      <p className="my-cards-intro">Add the cards in your wallet. Offers they can use get a <strong>Your card</strong> mark, and <strong>My cards only</strong> shows just those.</p>
      {cards.length > 0 && (
        <ul className="my-cards-list" aria-label="Your cards">
          {cards.map((card) => (
            <li key={myCardKey(card)}>
              <span>{banks.state === 'ready' ? myCardName(card, banks.data) : '…'}</span>
              <button type="button" className="button secondary" onClick={() => removeMyCard(card)}
                aria-label={`Remove ${banks.state === 'ready' ? myCardName(card, banks.data) : 'card'}`}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      {banks.state === 'loading' && <p role="status">Loading the banks…</p>}
      {banks.state === 'failed' && (
        <div role="alert" className="my-cards-problem"><p>{banks.message}</p><button type="button" className="button secondary" onClick={banks.reload}>Try again</button></div>
      )}
      {banks.state === 'ready' && (
        <form className="my-cards-add" onSubmit={(event) => { event.preventDefault(); add(); }}>
          <h3>Add a card</h3>
          <label htmlFor={`${id}-bank`}>Bank</label>
          <select id={`${id}-bank`} value={bankId} onChange={(event) => { setBankId(event.currentTarget.value); setCardIndex(ANY_CARD); }}>
            <option value="">Choose a bank</option>
            {bankList.map((option) => <option key={option.bankId} value={option.bankId}>{option.bankName}</option>)}
          </select>
          <label htmlFor={`${id}-card`}>Card</label>
          <select id={`${id}-card`} value={cardIndex} disabled={!bank} onChange={(event) => setCardIndex(event.currentTarget.value)}>
            <option value={ANY_CARD}>Any card of this bank</option>
            {bank?.issuedCards?.map((card, index) => <option key={index} value={index}>{cardName(card)}{card.kind === 'credit' ? ' credit' : ''}</option>)}
          </select>
          <button type="submit" className="button" disabled={!candidate || already || full}>Add card</button>
          {already && <p className="my-cards-note" role="status">This card is already in your list.</p>}
          {full && <p className="my-cards-note" role="status">You can keep up to {MY_CARDS_MAX} cards.</p>}
        </form>
      )}
      <p className="my-cards-where">{signedIn ? 'Saved to your account, on every device you sign in on.' : 'Kept in this browser. Sign in to have them on every device.'}</p>
      <div className="my-cards-actions"><button type="button" className="button" onClick={onClose}>Done</button></div>
    </TitledDialog>
  );
}
