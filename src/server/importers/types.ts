// The shapes the import pipeline passes between its stages:
//   adapter (fetches and reads a source) → SourceItem[]
//   normaliser (pure: text to typed fields) → NormalisedItem
//   pipeline (bank, merchant and category ids; store, revise, verify) → the offers table
import type { CardSpecData, Channel, EligibilityData, Weekday } from '../../contract/eligibility.ts';
import type { OFFER_DATE_TYPES, OFFER_TYPES } from '../../contract/limits.ts';

/**
 * One offer as a source lists it, before normalising. Adapters fill what the source gives: text as
 * written (the normaliser reads it), or structured values when the source has them (a feed,
 * JSON-LD), which win over the text.
 */
export interface SourceItem {
  /** The source's own id for the item, or else its URL: with the source's key, the item's identity across runs. */
  itemKey: string;
  /** The offer's page at the source, absolute. */
  url?: string;
  /** The offer's headline as the source writes it. */
  title: string;
  merchantName: string;
  /** Aggregators and feeds name the bank; a bank's own adapter leaves it to the source's bank. */
  bankName?: string;
  /** Simple HTML (escape plain text): kept, sanitised, as the offer's description. */
  description?: string;
  /** The discount as written: '25% off', 'Up to 20% savings', 'Buy 1 Get 1 Free'. */
  rateText?: string;
  /** Structured discount: a percentage, 'off' for a flat rate, 'upto' for a maximum. */
  discountPercent?: number;
  discountKind?: 'off' | 'upto';
  /** The validity as written: 'Valid until 31st May 2026', '1st-15th June'. */
  dateText?: string;
  /** Structured validity, ISO 8601 dates (YYYY-MM-DD or a full timestamp). */
  validFrom?: string;
  validThrough?: string;
  /** The eligible cards as written: 'Visa & Mastercard credit cards', 'All HNB Credit Cards'. */
  cardsText?: string;
  /** Structured cards (a feed): these, or cardScope 'all' / 'credit'. */
  cards?: CardSpecData[];
  cardScope?: 'all' | 'credit' | 'listed';
  /** The days as written: 'Every Friday & Saturday', 'Weekdays', 'Mon - Thu'. */
  daysText?: string;
  days?: Weekday[];
  /** 'HH:MM' 24-hour, both or neither. */
  timeFrom?: string;
  timeTo?: string;
  /** Spend conditions as written: 'Minimum bill value Rs. 5,000', 'capped at LKR 2,500'. */
  spendText?: string;
  minBill?: number;
  maxDiscount?: number;
  channel?: Channel;
  website?: string;
  /** The source's category words, for the team's keyword map. */
  categoryText?: string;
  /** The banner's absolute URL; the pipeline downloads it once. */
  imageUrl?: string;
  promoCode?: string;
  locations?: string[];
  /** Terms and conditions text, kept with the description. */
  termsText?: string;
  /**
   * The offer is published only as a flyer (an image or a PDF, at imageUrl or url) whose text the
   * source could not read: it goes to Review as a draft with its image and link, for the team to
   * complete, never silently left out. title is then what the page says of it (alt text, link text).
   */
  flyer?: boolean;
}

/** An item after normalising, with names (not ids) for its bank, merchant and category. */
export interface NormalisedItem {
  itemKey: string;
  url: string | null;
  bankName: string | null;
  merchantName: string;
  /** Words the category keyword map is matched against: the source's category, title and description. */
  categoryText: string;
  /** At most OFFER_HEADER_MAX characters. */
  header: string;
  /** At most OFFER_TITLE_MAX characters. */
  label: string;
  /** Sanitised by the pipeline before storing. */
  description: string;
  offerType: (typeof OFFER_TYPES)[number];
  /** A percentage for off / upto / discount; the plan's interest for instalment; free text for customize. */
  offerRate: string;
  /** An instalment plan's months; null for every other type. */
  instalmentMonths: number | null;
  offerDateType: (typeof OFFER_DATE_TYPES)[number];
  /** Sri Lanka midnight of the first day, as a UTC instant; null when open. */
  offerStart: Date | null;
  /** The last second of the last day in Sri Lanka (23:59:59), as a UTC instant; null when open. */
  offerEnd: Date | null;
  /** The validity as written when it could not be read as dates, else null. */
  validTimeDateDescription: string | null;
  promoCode: string | null;
  imageUrl: string | null;
  locations: string[];
  eligibility: EligibilityData;
}

/** What the normaliser knows of the item's bank: the cards it issues, to read 'Platinum cards' against. */
export interface BankContext {
  bankName: string;
  issuedCards: CardSpecData[];
}

/** An item the normaliser or the contract refused, with the reason: logged with the run, never dropped silently. */
export interface ItemFailure {
  itemKey: string;
  title?: string;
  reason: string;
}

/** What an adapter is given to read its source. */
export interface AdapterContext {
  /** The source's configured URL (its listing page or feed). */
  url: string;
  fetcher: PoliteFetcher;
  /** For relative dates ('1st-15th June' means this year's June). */
  now: Date;
}

/** One kind of source. Bank adapters read one bank's listing; generic ones read any page or feed. */
export interface SourceAdapter {
  /** Stable id stored with each source ('hnb', 'jsonld', 'partner-feed'). */
  readonly adapter: string;
  /** What the team console shows. */
  readonly title: string;
  /** The bank a bank adapter's offers belong to, by its catalogue name; generic adapters read it per item. */
  readonly bankName?: string;
  /** The listing the source is read from by default. */
  readonly defaultUrl?: string;
  /**
   * Reads the source: every item it lists, and items it could see but not read (a card without a
   * title, a row with a bad date) as failures. Throws when the source itself cannot be read
   * (HTTP error, timeout, a page that is not the expected structure): the run is then failed and retried.
   */
  read(context: AdapterContext): Promise<{ items: SourceItem[]; failures: ItemFailure[] }>;
}

/**
 * How a text is asked for. Most sources are a GET; an API may want a POST with a JSON body, or
 * headers of its own (Sampath answers an empty list without `locale` and `platform`).
 */
export interface TextRequest {
  accept?: string;
  method?: 'GET' | 'POST';
  /** Sent beside the fetcher's own User-Agent and Accept. */
  headers?: Record<string, string>;
  /** A POST's body, sent as given (set its content-type in headers). */
  body?: string;
}

/** A page or file as fetched: the final URL after redirects. */
export interface FetchedText {
  url: string;
  status: number;
  contentType: string;
  text: string;
}
export interface FetchedBytes {
  url: string;
  status: number;
  contentType: string;
  bytes: Buffer;
}
export interface FetchedHead {
  url: string;
  status: number;
  contentType: string;
}

/**
 * How importers reach the web (fetch/polite-fetch.ts): an honest User-Agent, robots.txt honoured,
 * one request at a time per host with a delay, a timeout, retries with backoff, a byte cap.
 * Throws a FetchError (fetch/polite-fetch.ts) when a page cannot be had.
 */
export interface PoliteFetcher {
  text(url: string, options?: TextRequest): Promise<FetchedText>;
  bytes(url: string, options?: { maxBytes?: number }): Promise<FetchedBytes>;
  /**
   * The body read as it arrives, by `read` (a large feed is never held whole): its chunks stop at
   * the byte cap, and a reader that returns early lets the rest go unread. `read` may be called
   * again from the start when an attempt fails and is retried.
   */
  stream<T>(
    url: string,
    read: (chunks: AsyncIterable<Uint8Array>, answer: FetchedHead) => Promise<T>,
    options?: { maxBytes?: number; accept?: string },
  ): Promise<T>;
}
