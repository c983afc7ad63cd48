// A flyer the source could not read (its offer is in an image or a PDF): a draft for the team's
// Review rather than a silent gap. It carries what the page says of the flyer (its title, caption
// and terms), the flyer as its banner, and its link; the rate and dates are left for the team to
// read off the flyer. Stored like any new offer, with flyerDraft set, so it cannot be accepted
// until the team has completed it.
import { NO_ELIGIBILITY } from '../../contract/eligibility.ts';
import type { ImportedOfferData } from '../../contract/imported-offer.ts';
import { OFFER_HEADER_MAX, OFFER_RATE_TEXT_MAX, OFFER_TITLE_MAX } from '../../contract/limits.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { collapseSpaces, cutAtWord, plainText } from './normalise/text.ts';
import type { SourceItem } from './types.ts';

const ELLIPSIS = '…';
/** What the validity says until the team reads the dates off the flyer. */
export const FLYER_DRAFT_VALIDITY = 'As the flyer states';

/** The draft of a flyer item; null when the item has nothing to show the team (no title, no image, no link). */
export function flyerDraft(item: SourceItem, bankName: string): ImportedOfferData | null {
  const title = collapseSpaces(item.title ?? '');
  if (!title || (!item.imageUrl && !item.url)) return null;
  const words = [item.description, item.termsText].map((text) => plainText(text ?? '')).filter(Boolean);
  const link = item.url ? `<p><a href="${escapeHtml(item.url)}">${escapeHtml(item.url)}</a></p>` : '';
  return {
    itemKey: item.itemKey,
    url: item.url ?? null,
    bankName,
    // The page's name for the flyer often is the merchant ('Keells', 'Abans – 0% instalments').
    merchantName: cutAtWord(collapseSpaces(item.merchantName ?? '') || title, OFFER_TITLE_MAX, ELLIPSIS),
    categoryText: collapseSpaces([item.categoryText ?? '', title, ...words].join(' ')),
    header: cutAtWord(title, OFFER_HEADER_MAX, ELLIPSIS),
    label: cutAtWord(title, OFFER_TITLE_MAX, ELLIPSIS),
    description: `${words.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}${link}`,
    offerType: 'customize',
    offerRate: cutAtWord(title, OFFER_RATE_TEXT_MAX, ELLIPSIS),
    instalmentMonths: null,
    offerDateType: 'other',
    offerStart: null,
    offerEnd: null,
    validTimeDateDescription: FLYER_DRAFT_VALIDITY,
    promoCode: null,
    imageUrl: item.imageUrl ?? null,
    locations: [],
    eligibility: NO_ELIGIBILITY,
  };
}
