// Database rows to the §7 response shapes (src/contract).
import type { BankData, CategoryData, LocationData, MerchantData, OfferData, UserData } from '../contract/index.ts';
import { offerDisplayStatus } from '../lib/offer-status.ts';
import { PLACEHOLDER_IMAGE_URL, safeUrl } from '../contract/safe-url.ts';
import type { banks, categories, locations, merchants, offers, users } from './db/schema.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
export type BankRow = Row<typeof banks>;
export type CategoryRow = Row<typeof categories>;
export type MerchantRow = Row<typeof merchants>;
export type OfferRow = Row<typeof offers>;
export type UserRow = Row<typeof users>;
export type OfferJoinedRow = {
  offer: OfferRow;
  bank: BankRow;
  category: CategoryRow;
  merchant: MerchantRow;
  interest: number;
};

/**
 * The offer row's columns an offer's page shows: toOffer reads these and OFFER_DAILY_COLUMNS, no
 * others (its type says so). The site's rebuilder republishes an offer's page when one of them
 * changes (site/rebuilder.ts).
 */
export const OFFER_PAGE_COLUMNS = [
  'offerId',
  'label',
  'header',
  'description',
  'translations',
  'bannerImageUrl',
  'offerTerms',
  'offerType',
  'offerRate',
  'instalmentMonths',
  'offerDateType',
  'offerStart',
  'offerEnd',
  'validTimeDateDescription',
  'promoCode',
  'hotLine',
  'cardTypes',
  'reviewStatus',
  'withdrawnAt',
  'location',
  'eligibility',
  'sourceName',
  'sourceUrl',
  'sourceHash',
  'createdAt',
  'bankId',
  'categoryId',
  'merchantId',
] as const satisfies readonly (keyof OfferRow)[];
/** What an offer's page shows that changes all day (view counts, a source's last check): it waits for the next full rebuild. */
export const OFFER_DAILY_COLUMNS = ['views', 'sourceVerifiedAt'] as const satisfies readonly (keyof OfferRow)[];
type OfferShown = Pick<OfferRow, (typeof OFFER_PAGE_COLUMNS)[number] | (typeof OFFER_DAILY_COLUMNS)[number]>;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
// A stored URL that is not http(s) or a site path (javascript:, data:...) never leaves the API.
const optionalUrl = (url: string | null) => safeUrl(url) ?? null;
const imageUrl = (url: string) => safeUrl(url) ?? PLACEHOLDER_IMAGE_URL;

export const toBank = (bank: BankRow): BankData => ({
  bankId: bank.bankId,
  bankName: bank.bankName,
  slug: bank.slug,
  logoURL: imageUrl(bank.logoUrl),
  thumbnailURL: imageUrl(bank.thumbnailUrl),
  cardTypes: bank.cardTypes,
  issuedCards: bank.issuedCards,
  color: bank.color,
});

export const toCategory = (category: CategoryRow): CategoryData => ({
  categoryId: category.categoryId,
  id: category.categoryId,
  categoryName: category.categoryName,
  slug: category.slug,
  iconName: category.iconName,
  translations: category.translations,
});

/** A town of the location picker; `isActive` is always false (the client marks its choice). */
export const toLocation = (location: Row<typeof locations>): LocationData => ({
  locationId: location.locationId,
  locationName: location.locationName,
  isActive: false,
});

const toMerchant = (merchant: MerchantRow): MerchantData => ({
  merchantId: merchant.merchantId,
  merchantName: merchant.merchantName,
  logoURL: optionalUrl(merchant.logoUrl),
  contactNo: merchant.contactNo,
  webURL: optionalUrl(merchant.webUrl),
  slug: merchant.slug,
});

export function toOffer(
  { offer, bank, category, merchant, interest }: Omit<OfferJoinedRow, 'offer'> & { offer: OfferShown },
  now = new Date(),
): OfferData {
  const merchantData = toMerchant(merchant);
  return {
    offerId: offer.offerId,
    label: offer.label,
    header: offer.header,
    description: offer.description,
    translations: offer.translations,
    bannerImageURL: optionalUrl(offer.bannerImageUrl),
    offerTerms: offer.offerTerms,
    offerType: offer.offerType as OfferData['offerType'],
    offerRate: offer.offerRate,
    instalmentMonths: offer.instalmentMonths,
    offerDateType: offer.offerDateType as OfferData['offerDateType'],
    offerStart: iso(offer.offerStart),
    offerEnd: iso(offer.offerEnd),
    validTimeDateDescription: offer.validTimeDateDescription,
    promoCode: offer.promoCode,
    hotLine: offer.hotLine,
    cardTypes: offer.cardTypes,
    status: offerDisplayStatus(offer, now),
    withdrawn: offer.withdrawnAt !== null,
    location: offer.location,
    eligibility: offer.eligibility,
    source:
      offer.sourceName === null
        ? null
        : {
            name: offer.sourceName,
            url: optionalUrl(offer.sourceUrl),
            lastVerifiedAt: iso(offer.sourceVerifiedAt),
            contentHash: offer.sourceHash,
          },
    views: offer.views,
    interest: Number(interest),
    createAt: new Date(offer.createdAt).toISOString(),
    bankId: offer.bankId,
    categoryId: offer.categoryId,
    merchantId: offer.merchantId,
    bank: toBank(bank),
    category: toCategory(category),
    merchant: merchantData,
    merchantData,
  };
}

/** The user as the API shows it: never the password hash or internal counters. */
export const toUser = (user: UserRow, favoriteOfferIds: number[] = []): UserData => ({
  userId: user.userId,
  id: user.userId,
  userType: user.userType,
  firstName: user.firstName,
  mobileNo: user.mobileNo,
  email: user.email,
  userName: user.email,
  address: user.address,
  phoneNo: user.phoneNo,
  businessName: user.businessName,
  BRno: user.brNo,
  contactNo: user.contactNo,
  companyEmail: user.companyEmail,
  addressNo: user.addressNo,
  streetName: user.streetName,
  city: user.city,
  tags: user.tags,
  favoriteArea: user.tags,
  location: user.location,
  logoUrl: optionalUrl(user.logoUrl),
  status: user.status,
  isAccountBlock: user.isAccountBlock,
  isMobileVerification: user.isMobileVerification,
  favorites: favoriteOfferIds,
});
