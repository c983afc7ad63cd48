// The eligible cards, read from the banks' wording ('Visa & Mastercard credit cards', 'All HNB
// Credit Cards', 'Platinum credit cards') against the cards the bank issues. A card the bank does
// not issue is reported by name, never dropped silently.
import {
  bankIssues,
  CARD_NETWORK_NAMES,
  type CardKind,
  type CardNetwork,
  type CardScope,
  type CardSpecData,
} from '../../../contract/eligibility.ts';
import type { BankContext } from '../types.ts';
import { forMatching } from './text.ts';

export interface CardsReading {
  cardScope: CardScope;
  /** With scope 'listed': cards the bank issues, each once. Empty for 'all' and 'credit'. */
  cards: CardSpecData[];
  /** Cards the text names that the bank does not issue, as people say them: 'JCB credit', 'Visa Infinite credit'. */
  unmatched: string[];
}

/** How the banks write each network. */
const NETWORK_SPELLINGS: Record<string, CardNetwork> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'master card': 'mastercard',
  master: 'mastercard',
  'american express': 'amex',
  amex: 'amex',
  unionpay: 'unionpay',
  'union pay': 'unionpay',
  jcb: 'jcb',
  'diners club': 'diners',
  diners: 'diners',
};
/**
 * Tiers recognised even when the bank does not issue them, so that 'Visa Infinite' at a bank
 * without Infinite is reported rather than read as any Visa card.
 */
const COMMON_TIERS = [
  'Classic',
  'Gold',
  'Platinum',
  'Titanium',
  'Signature',
  'Infinite',
  'World',
  'World Elite',
  'Business',
  'Corporate',
];
/**
 * 'Premium cards' (ComBank's 'Premium Credit Cards') are the bank's top tiers: these, where it
 * issues them, unless it issues a tier called Premium itself.
 */
const PREMIUM = 'Premium';
const PREMIUM_TIERS = ['Platinum', 'Signature', 'Infinite', 'World', 'World Elite'];
const KIND_WORDS = /\b(credit|debit|pre-?paid)\b/g;
/** Words after which a mention is an exclusion ('Not valid for debit cards'): those cards are not read. */
const EXCLUSION = /\b(?:except|excluding|excludes?|exclusive of|other than|not valid|not applicable|not eligible)\b/;
/** A mention is the few words before 'card(s)': more than this is a sentence, not a card's name. */
const MENTION_WORDS_MAX = 12;

const sameTier = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const sameCard = (a: CardSpecData, b: CardSpecData) =>
  a.network === b.network && a.kind === b.kind && sameTier(a.tier, b.tier);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A card's name for a report: 'JCB credit', 'Visa Infinite credit', 'Platinum debit'. */
function mentionName(network: CardNetwork | null, tier: string | null, kind: CardKind): string {
  const name = [network ? CARD_NETWORK_NAMES[network] : '', tier ?? '', kind].filter(Boolean).join(' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The bank's own spelling of a tier it issues on that network and kind, or undefined when it does not issue it. */
const issuedTier = (bank: BankContext, network: CardNetwork, kind: CardKind, tier: string) =>
  bank.issuedCards.find((own) => own.network === network && own.kind === kind && sameTier(own.tier, tier))?.tier ??
  undefined;

type Reading = { scope: 'none' | 'all' | 'credit' | 'listed'; cards: CardSpecData[]; unmatched: string[] };

/** A network named in a mention, with the tiers written after it: 'Visa Signature and Infinite'. */
interface NetworkGroup {
  network: CardNetwork | null;
  tiers: string[];
}

class CardReader {
  private readonly names: RegExp;
  private readonly tierSpelling = new Map<string, string>();

  constructor(private readonly bank: BankContext) {
    for (const tier of [...COMMON_TIERS, PREMIUM]) this.tierSpelling.set(tier.toLowerCase(), tier);
    // The bank's spelling wins over the common one.
    for (const card of bank.issuedCards) if (card.tier) this.tierSpelling.set(card.tier.toLowerCase(), card.tier);
    // Longest first, so that 'world elite' is matched before 'world' and 'master card' before 'master'.
    const names = [...Object.keys(NETWORK_SPELLINGS), ...this.tierSpelling.keys()].sort((a, b) => b.length - a.length);
    this.names = new RegExp(
      String.raw`\b(${names.map((name) => escapeRegex(name).replace(/ /g, '\\s+')).join('|')})\b`,
      'g',
    );
  }

  /** One mention: the words before 'card(s)' (closed) or at the end of a sentence (not closed). */
  readMention(words: string, closed: boolean): Reading {
    const groups = this.networkGroups(words);
    const kinds = new Set<CardKind>(
      [...words.matchAll(KIND_WORDS)].map((m) => (m[1]!.startsWith('pre') ? 'prepaid' : m[1]) as CardKind),
    );
    if (groups.length === 0) {
      // Without a network or a tier, only '… cards' itself names cards: 'All HNB Credit Cards', 'debit cards'.
      if (!closed) return { scope: 'none', cards: [], unmatched: [] };
      if (kinds.size === 0)
        return { scope: /\ball\b(?:\s+\S+){0,3}\s*$/.test(words) ? 'all' : 'none', cards: [], unmatched: [] };
      if (kinds.has('credit') && kinds.has('debit')) return { scope: 'all', cards: [], unmatched: [] };
      if (kinds.size === 1 && kinds.has('credit')) return { scope: 'credit', cards: [], unmatched: [] };
      groups.push({ network: null, tiers: [] });
    }
    // No kind named means credit cards: the banks' offers are for credit cards unless they say otherwise.
    if (kinds.size === 0) kinds.add('credit');
    const reading: Reading = { scope: 'listed', cards: [], unmatched: [] };
    for (const group of groups) for (const kind of kinds) this.readGroup(group, kind, reading);
    return reading;
  }

  private networkGroups(words: string): NetworkGroup[] {
    const groups: NetworkGroup[] = [];
    let tiersBeforeNetwork: string[] = [];
    for (const match of words.matchAll(this.names)) {
      const name = match[1]!.replace(/\s+/g, ' ');
      const network = NETWORK_SPELLINGS[name];
      if (network) {
        groups.push({ network, tiers: tiersBeforeNetwork });
        tiersBeforeNetwork = [];
        continue;
      }
      const tier = this.tierSpelling.get(name)!;
      // A tier follows its network ('Visa Platinum'); one written first ('Platinum Visa') waits for it.
      if (groups.length > 0) groups[groups.length - 1]!.tiers.push(tier);
      else tiersBeforeNetwork.push(tier);
    }
    if (tiersBeforeNetwork.length > 0) groups.push({ network: null, tiers: tiersBeforeNetwork });
    return groups;
  }

  /** The tiers a written tier stands for on this network and kind: 'Premium' is the bank's top tiers there. */
  private expandTier(tier: string, network: CardNetwork | null, kind: CardKind): string[] {
    const issuedHere = this.bank.issuedCards.filter(
      (own) => own.kind === kind && (network === null || own.network === network),
    );
    if (tier !== PREMIUM || issuedHere.some((own) => sameTier(own.tier, PREMIUM))) return [tier];
    const premium = PREMIUM_TIERS.filter((top) => issuedHere.some((own) => sameTier(own.tier, top)));
    return premium.length > 0 ? premium : [tier];
  }

  private readGroup(group: NetworkGroup, kind: CardKind, reading: Reading): void {
    const tiers =
      group.tiers.length > 0 ? group.tiers.flatMap((tier) => this.expandTier(tier, group.network, kind)) : [null];
    for (const tier of tiers) {
      if (group.network) {
        const card = {
          network: group.network,
          kind,
          tier: tier === null ? null : (issuedTier(this.bank, group.network, kind, tier) ?? tier),
        };
        if (bankIssues(this.bank.issuedCards, card)) reading.cards.push(card);
        else reading.unmatched.push(mentionName(group.network, tier, kind));
        continue;
      }
      // No network: every network the bank issues this kind (and tier) on.
      const issued = this.bank.issuedCards.filter(
        (own) => own.kind === kind && (tier === null || sameTier(own.tier, tier)),
      );
      if (issued.length === 0) reading.unmatched.push(mentionName(null, tier, kind));
      for (const own of issued)
        reading.cards.push({ network: own.network, kind, tier: tier === null ? null : own.tier });
    }
  }
}

/** Cards each once; a card of any tier makes the same network and kind's tiered ones redundant. */
function distinctCards(cards: CardSpecData[]): CardSpecData[] {
  const kept: CardSpecData[] = [];
  for (const card of cards) {
    if (kept.some((other) => sameCard(other, card))) continue;
    kept.push(card);
  }
  return kept.filter(
    (card) =>
      card.tier === null ||
      !kept.some((other) => other.tier === null && other.network === card.network && other.kind === card.kind),
  );
}

/** Every network the bank issues credit cards on, any tier: what 'all credit cards' lists alongside other cards. */
const issuedCreditNetworks = (bank: BankContext): CardSpecData[] =>
  [...new Set(bank.issuedCards.filter((card) => card.kind === 'credit').map((card) => card.network))].map(
    (network) => ({ network, kind: 'credit' as const, tier: null }),
  );

/**
 * The cards the text names, read against the bank's issued cards. 'All cards' and 'debit and
 * credit cards' are scope 'all', 'credit cards' (of the bank, any network) scope 'credit', text
 * naming no card scope 'all'; anything naming a network or a tier is 'listed'.
 */
export function readCards(text: string, bank: BankContext): CardsReading {
  const reader = new CardReader(bank);
  const readings: Reading[] = [];
  // Sentences, then the words before each 'card(s)'; an exclusion ends what is read of a sentence.
  for (const sentence of forMatching(text).split(/[.;:!?()[\]\n|]/)) {
    const included = sentence.split(EXCLUSION)[0]!;
    const pieces = included.split(/\bcard(?:s|\s?holders?|\s?members?)?\b/);
    pieces.forEach((piece, i) => {
      const closed = i < pieces.length - 1;
      const words = piece.trim().split(' ').slice(-MENTION_WORDS_MAX).join(' ');
      readings.push(reader.readMention(words, closed));
    });
  }
  const unmatched = [...new Set(readings.flatMap((reading) => reading.unmatched))];
  const listed = distinctCards(readings.flatMap((reading) => reading.cards));
  if (readings.some((reading) => reading.scope === 'all')) return { cardScope: 'all', cards: [], unmatched };
  if (readings.some((reading) => reading.scope === 'credit')) {
    // 'Credit cards' covers listed credit cards; with debit or prepaid cards listed too, list them all.
    if (listed.every((card) => card.kind === 'credit')) return { cardScope: 'credit', cards: [], unmatched };
    return { cardScope: 'listed', cards: distinctCards([...issuedCreditNetworks(bank), ...listed]), unmatched };
  }
  if (listed.length > 0 || unmatched.length > 0) return { cardScope: 'listed', cards: listed, unmatched };
  return { cardScope: 'all', cards: [], unmatched: [] };
}

/**
 * A feed's cards: scope 'all' and 'credit' as given; listed cards kept when the bank issues them
 * (tiers in the bank's spelling), the rest reported by name. Listed cards without a scope are 'listed'.
 */
export function structuredCards(
  cards: readonly CardSpecData[] | undefined,
  scope: CardScope | undefined,
  bank: BankContext,
): CardsReading {
  const cardScope = scope ?? (cards && cards.length > 0 ? 'listed' : 'all');
  if (cardScope !== 'listed') return { cardScope, cards: [], unmatched: [] };
  const kept: CardSpecData[] = [];
  const unmatched: string[] = [];
  for (const card of cards ?? []) {
    const tier = card.tier === null ? null : (issuedTier(bank, card.network, card.kind, card.tier) ?? card.tier);
    const spelled = { network: card.network, kind: card.kind, tier };
    if (bankIssues(bank.issuedCards, spelled)) kept.push(spelled);
    else unmatched.push(mentionName(card.network, card.tier, card.kind));
  }
  return { cardScope, cards: distinctCards(kept), unmatched: [...new Set(unmatched)] };
}
