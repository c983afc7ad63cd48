// What an offer's page (src/pages/[...locale]/[bankOffers]/[categoryOffers]/[offerId].astro) shows,
// worked out from the build's data: its paths and props, then its texts, links, images, JSON-LD and
// search metadata in the page's language. The page only lays them out.
import type { BankDetailData, OfferData, TermsData } from '../contract/index.ts';
import { safeUrl } from '../contract/safe-url.ts';
import { apiImageSrc, categoryIconSrc } from '../lib/api-images.ts';
import { bankNames } from '../lib/bank-names.ts';
import { cardRuleText } from '../lib/card-match.ts';
import { BREADCRUMB_BANK_MAX, PREVIEW_IMAGE, SITE_NAME, TOP_PICKS_PAGE_SIZE } from '../lib/constants.ts';
import { eligibilityParts } from '../lib/format-eligibility.ts';
import { favouritesText, offerTags, splitLocations, statusLabel, truncate, viewsText } from '../lib/format-offer.ts';
import { localePath } from '../lib/locale-path.ts';
import { offerValidity, sourceCheckedText } from '../lib/offer-dates.ts';
import { offerCalendarPath, offerHasCalendar } from '../lib/offer-share.ts';
import { previewImageAlt, previewImageKey, previewImagePath, previewImageSpec } from '../lib/preview-image.ts';
import { PUBLIC_API_URL } from '../lib/public-config.ts';
import { sanitizeDescription } from '../lib/sanitize-description.ts';
import {
  bankPagePath,
  merchantPagePath,
  merchantSavingsDataPath,
  offerCanonicalPath,
  offerPageParams,
  signInPath,
} from '../lib/site-urls.ts';
import { categoryName, localText, offerInPageLanguage } from '../lib/translated.ts';
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale } from '../paraglide/runtime.js';
import { cardOffer } from './card-props.ts';
import { withLocales } from './locales.ts';
import { rendersOfferPage } from './page-selection.ts';
import { getSiteData } from './site-data.ts';

/** What one offer page is given: the offer, its bank, the terms it shows and its Top Picks. */
export interface OfferPageProps {
  offer: OfferData;
  bank: BankDetailData;
  bankShortNames: string[];
  terms: TermsData['general'];
  topPicks: OfferData[];
}

/** getStaticPaths of the offer pages: one per offer the build renders, in each language. */
export async function offerPagePaths() {
  const { offers, banks, terms, popularOffers } = await getSiteData();
  const bankById = new Map(banks.map((bank) => [bank.bankId, bank]));
  const names = bankNames(banks);
  // One more than a page shows: an offer among them is left out of its own picks.
  const popularCards = popularOffers.slice(0, TOP_PICKS_PAGE_SIZE + 1).map(cardOffer);
  return withLocales(
    offers.filter(rendersOfferPage).map((offer) => ({
      params: offerPageParams(offer),
      props: {
        offer,
        bank: bankById.get(offer.bankId)!,
        bankShortNames: names.get(offer.bankId)?.shortNames ?? [],
        terms: [...(terms.byBank[offer.bankId] ?? []), ...terms.general],
        topPicks: popularCards.filter((other) => other.offerId !== offer.offerId).slice(0, TOP_PICKS_PAGE_SIZE),
      } satisfies OfferPageProps,
    })),
  );
}

/** Everything the offer page writes out, for the page's language; `site` makes its URLs absolute. */
export function offerPageView({ offer, bank, bankShortNames, terms, topPicks }: OfferPageProps, site: URL) {
  const canonicalPath = offerCanonicalPath(offer);
  const pagePath = localePath(canonicalPath);
  // The offer's own words in the page's language where given; otherwise the English, marked so on a
  // Sinhala or Tamil page, as are the terms (English data).
  const dataLang = getLocale() === baseLocale ? undefined : baseLocale;
  const header = localText(offer, 'header');
  const label = localText(offer, 'label');
  const offerDescription = localText(offer, 'description');
  const category = categoryName(offer.category);
  const bankPath = localePath(bankPagePath(offer.bank));
  const categoryPath = localePath(bankPagePath(offer.bank, offer.category));
  const validity = offerValidity(offer);
  const tags = offerTags(offer);
  const source = offer.source && { ...offer.source, url: safeUrl(offer.source.url) };
  const activeLocations = offer.location.filter((location) => location.isActive).map((location) => location.value);
  const inStore = offer.eligibility.channel !== 'online';
  // The data comes through the contract, which already drops unsafe URLs; checked again where they are written out.
  // Images load from the API (apiImageSrc: its origin in a split deployment). The JSON-LD and share
  // image make them absolute against the site, which leaves an absolute API URL as it is.
  const banner = apiImageSrc(safeUrl(offer.bannerImageURL));
  const categoryIcon = categoryIconSrc(offer.category.iconName);
  const merchantWeb = safeUrl(offer.merchant.webURL);
  const description = validity
    ? m.pages_offer_description({
        header: header.text,
        validity,
        bankName: offer.bank.bankName,
        merchantName: offer.merchant.merchantName,
      })
    : m.pages_offer_description_no_validity({
        header: header.text,
        bankName: offer.bank.bankName,
        merchantName: offer.merchant.merchantName,
      });
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: header.text,
      description: label.text,
      url: new URL(pagePath, site).toString(),
      category,
      ...(banner ? { image: new URL(banner, site).toString() } : {}),
      ...(offer.offerStart ? { validFrom: offer.offerStart } : {}),
      ...(offer.offerEnd ? { validThrough: offer.offerEnd } : {}),
      ...(offer.eligibility.minBill !== null
        ? {
            eligibleTransactionVolume: {
              '@type': 'PriceSpecification',
              minPrice: offer.eligibility.minBill,
              priceCurrency: 'LKR',
            },
          }
        : {}),
      ...(inStore && activeLocations.length > 0
        ? {
            availableAtOrFrom: activeLocations.map((name) => ({
              '@type': 'Place',
              name: `${offer.merchant.merchantName}, ${name}`,
            })),
          }
        : {}),
      seller: {
        '@type': 'Organization',
        name: offer.merchant.merchantName,
        ...(merchantWeb ? { url: merchantWeb } : {}),
      },
      offeredBy: { '@type': 'BankOrCreditUnion', name: offer.bank.bankName },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: m.pages_home(), item: new URL(localePath('/'), site).toString() },
        { '@type': 'ListItem', position: 2, name: offer.bank.bankName, item: new URL(bankPath, site).toString() },
        { '@type': 'ListItem', position: 3, name: category, item: new URL(categoryPath, site).toString() },
        { '@type': 'ListItem', position: 4, name: header.text },
      ],
    },
  ];
  // Link previews (Open Graph, Twitter): the offer's own 1200×630 PNG, rendered by the site build
  // (src/server/site/preview-images.ts) at a URL that changes with what it draws.
  const previewSpec = previewImageSpec(offer);
  return {
    offer,
    bank,
    bankShortNames,
    terms,
    dataLang,
    header,
    label,
    category,
    bankPath,
    categoryPath,
    validity,
    tags,
    source,
    banner,
    categoryIcon,
    canonicalPath,
    pagePath,
    description,
    jsonLd,
    title: `${header.text} | ${offer.bank.bankName} | ${SITE_NAME}`,
    shareImage: previewImagePath(previewImageKey(previewSpec)),
    shareImageInfo: {
      width: PREVIEW_IMAGE.width,
      height: PREVIEW_IMAGE.height,
      type: PREVIEW_IMAGE.type,
      alt: previewImageAlt(previewSpec),
    },
    // Saving needs an account: without JavaScript the control leads to sign-in and back here.
    signInToSave: localePath(signInPath(pagePath)),
    breadcrumbBank: truncate(offer.bank.bankName, BREADCRUMB_BANK_MAX),
    // Search (Pagefind) indexes the offers the lists show, not the expired ones whose pages stay up;
    // a result links to this canonical URL (Pagefind would record the built file's folder, with a '/').
    searchable: offer.status !== 'expired',
    searchMeta: [
      'cards[data-cards]',
      'bank[data-bank]',
      tags.length > 0 && 'rate[data-rate]',
      validity && 'dates[data-dates]',
    ]
      .filter(Boolean)
      .join(', '),
    cardRule: cardRuleText(offer),
    status: statusLabel(offer.status, offer.withdrawn),
    checked: sourceCheckedText(offer.source),
    merchantLogo: apiImageSrc(safeUrl(offer.merchant.logoURL)) ?? categoryIcon,
    eligibility: eligibilityParts(offer.eligibility, offer.bank.bankName),
    calendarUrl: offerHasCalendar(offer) ? `${PUBLIC_API_URL}/${offerCalendarPath(offer.offerId)}` : undefined,
    locations: splitLocations(offer.location),
    website: safeUrl(offer.eligibility.website),
    descriptionHtml: sanitizeDescription(offerDescription.text),
    descriptionLang: offerDescription.lang,
    viewsLabel: viewsText(offer.views),
    favouritesLabel: favouritesText(offer.interest),
    bankLogo: apiImageSrc(bank.logoURL),
    bankFavouritesLabel: favouritesText(bank.favoriteCount),
    bankAllOffersPath: localePath(bankPagePath(bank)),
    // The merchant's page, where every bank's offers there are (none for a merchant without a slug).
    merchantPath: offer.merchant.slug ? localePath(merchantPagePath({ slug: offer.merchant.slug })) : undefined,
    merchantLinkTitle: m.pages_merchant_link({ merchant: offer.merchant.merchantName }),
    /** The merchant's savings data (pages/savings/), where the merchant has a page. */
    savingsDataPath: offer.merchant.slug ? merchantSavingsDataPath(offer.merchantId) : undefined,
    // The offers as the page's scripts and Top Picks read them: with their texts in the page's language only.
    pageOfferJson: JSON.stringify(offerInPageLanguage(offer)).replace(/</g, '\\u003c'),
    topPicks: topPicks.map((pick) => offerInPageLanguage(pick)),
  };
}
