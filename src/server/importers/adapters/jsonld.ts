// Any page that marks its offers up with schema.org JSON-LD (a merchant's promotions page, an
// aggregator's list, a hotel's deals): every Offer and AggregateOffer on it, wherever it sits, read
// into an item with what the markup states. What the markup leaves out (a bank, the days) is left
// to the normaliser and the source's settings.
import type { Channel } from '../../../contract/eligibility.ts';
import type { AdapterContext, ItemFailure, SourceAdapter, SourceItem } from '../types.ts';
import { hasType, isAggregateOffer, jsonLdBlocks, JsonLdGraph, type JsonLdNode, typesOf } from './jsonld-graph.ts';
import { absoluteUrl } from './absolute-url.ts';

export const jsonLdAdapter: SourceAdapter = {
  adapter: 'jsonld',
  title: 'Pages with schema.org offers',
  async read({ url, fetcher }: AdapterContext) {
    // One page, or several separated by whitespace: each is read in turn (the fetcher paces them).
    const pageUrls = url.split(/\s+/).filter(Boolean);
    if (pageUrls.length === 0) throw new Error('No page URL is configured.');
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    const foundOn = new Map<string, string>();
    for (const pageUrl of pageUrls) {
      const page = await fetcher.text(pageUrl, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' });
      const read = readPage(page.text, page.url);
      // A page without any JSON-LD is not what the source was set up for (a redesign, an error
      // page): failing the run keeps its offers from being ended as if they had gone.
      if (read.blocks === 0) throw new Error(`${page.url} has no schema.org JSON-LD.`);
      failures.push(...read.failures);
      for (const item of read.items) {
        const earlier = foundOn.get(item.itemKey);
        if (earlier) {
          failures.push({
            itemKey: item.itemKey,
            title: item.title,
            reason: `The same offer was read from ${earlier}; this copy on ${page.url} is skipped.`,
          });
          continue;
        }
        foundOn.set(item.itemKey, page.url);
        items.push(item);
      }
    }
    return { items, failures };
  },
};

/** The offers of one page: items, and failures for blocks that are not JSON and offers that cannot be items. */
export function readJsonLdOffers(html: string, pageUrl: string): { items: SourceItem[]; failures: ItemFailure[] } {
  const { items, failures } = readPage(html, pageUrl);
  return { items, failures };
}

function readPage(html: string, pageUrl: string): { items: SourceItem[]; failures: ItemFailure[]; blocks: number } {
  const blocks = jsonLdBlocks(html);
  const failures: ItemFailure[] = blocks.errors.map((reason) => ({ itemKey: pageUrl, reason }));
  const graph = new JsonLdGraph(blocks.values);
  const merchantOfPage = pageMerchant(graph);
  const items: SourceItem[] = [];
  const usedKeys = new Set<string>();
  graph.offers().forEach(({ offer, around }, i) => {
    const result = offerItem(
      new OfferContext(graph, offer, around, pageUrl),
      merchantOfPage,
      `${pageUrl}#${i + 1}`,
      usedKeys,
    );
    if ('reason' in result) failures.push(result);
    else items.push(result);
  });
  return { items, failures, blocks: blocks.count };
}

// ---------- what an offer says and what surrounds it ----------

/** Types that arrange a page rather than describe an offer's product or business. */
const STRUCTURAL_TYPES = new Set([
  'ListItem',
  'ItemList',
  'OfferCatalog',
  'BreadcrumbList',
  'WebPage',
  'WebSite',
  'CollectionPage',
  'SearchResultsPage',
  'ItemPage',
  'AboutPage',
  'DataFeed',
  'DataFeedItem',
]);
const BUSINESS_TYPE = new RegExp(
  '^(?:Organization|Corporation|LocalBusiness|OnlineStore|OnlineBusiness|Airline|Hotel|Motel|Resort|Hostel|BedAndBreakfast|' +
    'FoodEstablishment|CafeOrCoffeeShop|BarOrPub|Bakery|Brewery|Winery|DaySpa|HealthClub|ShoppingCenter|MovieTheater|' +
    'GasStation|Pharmacy|Optician|Dentist|MedicalClinic|Hospital|SportsActivityLocation|BankOrCreditUnion|FinancialService)$' +
    '|(?:Store|Business|Shop|Restaurant|Salon|Agency|Dealer)$',
);
const isBusiness = (node: JsonLdNode) => hasType(node, (type) => BUSINESS_TYPE.test(type));
const ONLINE_PLACE_TYPES = new Set(['VirtualLocation', 'WebSite', 'WebPage', 'OnlineStore', 'OnlineBusiness']);

/**
 * A bank's name in a text: 'Sampath Bank' in 'Sampath Bank credit cardholders', 'HNB' in 'HNB
 * Credit Cards', 'Bank of Ceylon'. Capitalised words before 'Bank', or an abbreviation banks in
 * Sri Lanka go by.
 */
function bankNamedIn(text: string): string | undefined {
  const match =
    /\b(?:(?:[A-Z][\w'’&.-]*\s+){0,3}Bank(?:ing Corporation)?(?:\s+of\s+[A-Z]\w+)?|HNB|NTB|BOC|NDB|NSB|DFCC|HSBC|Standard Chartered)\b/.exec(
      text,
    );
  return match?.[0].trim();
}

/** A value as text: a string, a number, a JSON-LD value object, or the first of a list. */
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(textOf).find((text) => text !== undefined);
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'object' && value !== null && '@value' in value)
    return textOf((value as { '@value': unknown })['@value']);
  return undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** '20% off', 'Up to 15% savings': the phrase of a text that states a percentage. */
const PERCENT_PHRASE = /(?:up\s*to\s+)?\d{1,3}(?:\.\d{1,2})?\s*%(?:\s*(?:off|discount|savings?|cash\s*back))?/i;

class OfferContext {
  /** The AggregateOffers the offer belongs to, nearest first: what they state holds for the offer too. */
  readonly aggregates: JsonLdNode[];
  readonly listItem: JsonLdNode | undefined;
  /** The products, events and businesses around the offer, nearest first. */
  readonly parents: JsonLdNode[];

  constructor(
    readonly graph: JsonLdGraph,
    readonly offer: JsonLdNode,
    around: JsonLdNode[],
    readonly pageUrl: string,
  ) {
    this.aggregates = around.filter(isAggregateOffer);
    this.listItem = around.find((node) => hasType(node, (type) => type === 'ListItem'));
    this.parents = around.filter(
      (node) => !isAggregateOffer(node) && !hasType(node, (type) => STRUCTURAL_TYPES.has(type)),
    );
  }

  /** A property of the offer, or else of the AggregateOffers it belongs to. */
  own(key: string): unknown {
    for (const node of [this.offer, ...this.aggregates])
      if (node[key] !== undefined && node[key] !== null) return node[key];
    return undefined;
  }

  ownText(...keys: string[]): string | undefined {
    for (const key of keys) {
      const text = textOf(this.own(key));
      if (text) return text;
    }
    return undefined;
  }

  /** The nodes a property of the offer (or its aggregates) holds. */
  ownNodes(key: string): JsonLdNode[] {
    return this.graph.all(this.own(key));
  }

  /** The texts of a property value that may be text, a node (its name) or a list of either. */
  texts(value: unknown): string[] {
    return (Array.isArray(value) ? value : [value])
      .map((item) => textOf(item) ?? nameOf(this.graph.resolve(item)))
      .filter((text): text is string => text !== undefined);
  }

  /** The names of the parties a property holds (seller, sponsor), with whether each is a bank. */
  parties(key: string): { name: string; bank: boolean }[] {
    const values = this.own(key);
    return (Array.isArray(values) ? values : [values]).flatMap((value) => {
      const text = textOf(value);
      if (text) return [{ name: text, bank: bankNamedIn(text) !== undefined }];
      const node = this.graph.resolve(value);
      const name = nameOf(node);
      return node && name ? [{ name, bank: isBank(node) }] : [];
    });
  }

  url(value: unknown): string | undefined {
    return absoluteUrl(textOf(value), this.pageUrl);
  }
}

const nameOf = (node: JsonLdNode | undefined) => (node ? textOf(node.name) : undefined);

/** The page's own organization (a merchant's page names itself): the first business outside the offers that is not a bank. */
function pageMerchant(graph: JsonLdGraph): string | undefined {
  return graph
    .nodesOutsideOffers()
    .filter((node) => isBusiness(node) && !isBank(node))
    .map(nameOf)
    .find(Boolean);
}

const isBank = (node: JsonLdNode) =>
  hasType(node, (type) => type === 'BankOrCreditUnion') || bankNamedIn(nameOf(node) ?? '') !== undefined;

// ---------- one offer as an item ----------

function offerItem(
  context: OfferContext,
  pageMerchantName: string | undefined,
  fallbackKey: string,
  usedKeys: Set<string>,
): SourceItem | ItemFailure {
  const { offer, parents, listItem, pageUrl } = context;
  const itemKey = keyOf(context, fallbackKey, usedKeys);
  usedKeys.add(itemKey);

  const rateText = rateTextOf(context);
  const ownName = textOf(offer.name);
  const itemOffered = context.ownNodes('itemOffered')[0];
  const parentName = [...context.aggregates, listItem, ...parents, itemOffered].map(nameOf).find(Boolean);
  // 'Lagoon Breeze Grill: 15% off', unless the name states the discount already.
  const withRate =
    parentName && rateText && !parentName.toLowerCase().includes(rateText.toLowerCase())
      ? `${parentName}: ${rateText}`
      : parentName;
  const title = ownName ?? withRate;
  if (!title)
    return {
      itemKey,
      reason: 'The offer has no name, and nothing around it (a product, business or list item) has one.',
    };

  // A bank as seller or offeredBy is the offer's bank, not its merchant.
  const seller = [...context.parties('seller'), ...context.parties('offeredBy')].find((party) => !party.bank);
  const business = parents.find((node) => isBusiness(node) && !isBank(node));
  const merchantName = seller?.name ?? nameOf(business) ?? pageMerchantName;
  if (!merchantName) {
    return {
      itemKey,
      title,
      reason:
        'The offer names no merchant: it has no seller or offeredBy, no business around it, and the page names no organization.',
    };
  }

  const item: SourceItem = {
    itemKey,
    title,
    merchantName,
    url: context.url(context.own('url')) ?? context.url(listItem?.url) ?? pageUrl,
  };
  const description = textOf(offer.description) ?? context.ownText('description');
  if (description) item.description = description;
  const bankName = bankNameOf(context, parents);
  if (bankName) item.bankName = bankName;
  if (rateText) item.rateText = rateText;
  Object.assign(item, validityOf(context), placesOf(context, business));
  const cardsText = cardsTextOf(context);
  if (cardsText) item.cardsText = cardsText;
  const minBill = minBillOf(context);
  if (minBill) item.minBill = minBill;
  const imageUrl = [offer, ...context.aggregates, listItem, ...parents]
    .map((node) => node && imageOf(context, node.image))
    .find(Boolean);
  if (imageUrl) item.imageUrl = imageUrl;
  const categoryText = categoryOf(context, business);
  if (categoryText) item.categoryText = categoryText;
  return item;
}

/** The offer's @id, url, sku or identifier, whichever is first and not taken by another offer of the page; else its place. */
function keyOf(context: OfferContext, fallbackKey: string, usedKeys: Set<string>): string {
  const { offer } = context;
  const id = textOf(offer['@id']);
  const identifier = offer.identifier;
  const candidates = [
    // An @id is a name, not a link: '#offer' is this page's. Blank nodes change from run to run.
    id && !id.startsWith('_:')
      ? URL.canParse(id, context.pageUrl)
        ? new URL(id, context.pageUrl).href
        : id
      : undefined,
    context.url(offer.url),
    textOf(offer.sku),
    typeof identifier === 'object' && identifier !== null && !Array.isArray(identifier)
      ? textOf((identifier as JsonLdNode).value)
      : textOf(identifier),
  ];
  return candidates.find((key): key is string => key !== undefined && !usedKeys.has(key)) ?? fallbackKey;
}

/** The discount as written: the offer's discount, or the percentage its price specification, name or description states. */
function rateTextOf(context: OfferContext): string | undefined {
  const discount = context.own('discount');
  if (typeof discount === 'number' && discount > 0) return `${discount}%`;
  const discountText = textOf(discount);
  if (discountText) return discountText;
  const specifications = context.ownNodes('priceSpecification');
  const texts = [
    ...specifications.flatMap((spec) => [textOf(spec.name), textOf(spec.description)]),
    textOf(context.offer.name),
    context.ownText('description'),
  ];
  for (const text of texts) {
    const phrase = text && PERCENT_PHRASE.exec(text)?.[0];
    if (phrase) return phrase;
  }
  return undefined;
}

/**
 * The bank: a sponsor, offeredBy or seller that is one (by its name, whole), eligible customers
 * or accepted payment methods that name one ('HNB' of 'HNB Credit Card holders'), or the
 * organization that makes the offer.
 */
function bankNameOf(context: OfferContext, parents: JsonLdNode[]): string | undefined {
  for (const key of ['sponsor', 'offeredBy', 'seller']) {
    const bank = context.parties(key).find((party) => party.bank);
    if (bank) return bank.name;
  }
  for (const text of [
    ...context.texts(context.own('eligibleCustomerType')),
    ...context.texts(context.own('acceptedPaymentMethod')),
  ]) {
    const bank = bankNamedIn(text);
    if (bank) return bank;
  }
  // An Organization's makesOffer: a bank listing its own offers.
  const maker = parents.find((node) => node.makesOffer !== undefined && isBank(node));
  return nameOf(maker);
}

/** Validity: ISO dates as dates; anything else as text for the normaliser. */
function validityOf(context: OfferContext): Pick<SourceItem, 'validFrom' | 'validThrough' | 'dateText'> {
  const from = context.ownText('validFrom', 'availabilityStarts');
  const through = context.ownText('validThrough', 'priceValidUntil', 'availabilityEnds');
  const result: Pick<SourceItem, 'validFrom' | 'validThrough' | 'dateText'> = {};
  const words: string[] = [];
  if (from && ISO_DATE.test(from)) result.validFrom = from;
  else if (from) words.push(`from ${from}`);
  if (through && ISO_DATE.test(through)) result.validThrough = through;
  else if (through) words.push(`until ${through}`);
  if (words.length > 0) result.dateText = `Valid ${words.join(' ')}`;
  return result;
}

/** The eligible cards as the markup words them: the eligible customers and the accepted payment methods. */
function cardsTextOf(context: OfferContext): string | undefined {
  const texts = [
    ...context.texts(context.own('eligibleCustomerType')),
    // GoodRelations names payment methods by URL: http://purl.org/goodrelations/v1#VISA.
    ...context.texts(context.own('acceptedPaymentMethod')).map((text) => text.replace(/^.*#/, '')),
  ];
  return texts.length > 0 ? [...new Set(texts)].join(', ') : undefined;
}

/** The minimum bill: an eligibleTransactionVolume in rupees (a minPrice, or else a price). */
function minBillOf(context: OfferContext): number | undefined {
  for (const spec of context.ownNodes('eligibleTransactionVolume')) {
    const currency = textOf(spec.priceCurrency);
    if (currency && !/^(LKR|Rs\.?)$/i.test(currency)) continue;
    const amount = Number((textOf(spec.minPrice) ?? textOf(spec.price) ?? '').replace(/[,\s]/g, ''));
    if (Number.isFinite(amount) && amount >= 1) return Math.round(amount);
  }
  return undefined;
}

/**
 * Where the offer is used: the places it is available at or from (in store, and their
 * localities), web addresses or virtual locations among them (online), or an online delivery
 * method or area. Without places, the business around the offer gives its locality.
 */
function placesOf(
  context: OfferContext,
  business: JsonLdNode | undefined,
): Pick<SourceItem, 'channel' | 'website' | 'locations'> {
  const raw = context.own('availableAtOrFrom');
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  let inStore = false;
  let online = false;
  let website: string | undefined;
  const locations: string[] = [];
  for (const value of values) {
    if (typeof value === 'string') {
      website ??= context.url(value);
      online ||= website !== undefined;
      continue;
    }
    const place = context.graph.resolve(value);
    if (!place) continue;
    if (hasType(place, (type) => ONLINE_PLACE_TYPES.has(type))) {
      online = true;
      website ??= context.url(place.url);
      continue;
    }
    inStore = true;
    const location = localityOf(context, place);
    if (location) locations.push(location);
  }
  const onlineWords = [
    ...context.texts(context.own('availableDeliveryMethod')),
    ...context.texts(context.own('areaServed')),
  ].join(' ');
  if (/download|online|internet/i.test(onlineWords)) online = true;
  if (values.length === 0 && business) {
    const location = localityOf(context, business);
    if (location) locations.push(location);
  }
  const result: Pick<SourceItem, 'channel' | 'website' | 'locations'> = {};
  const channel: Channel | undefined = inStore && online ? 'both' : inStore ? 'inStore' : online ? 'online' : undefined;
  if (channel) result.channel = channel;
  if (website) result.website = website;
  if (locations.length > 0) result.locations = [...new Set(locations)];
  return result;
}

/** A place as a location: its address's locality ('Colombo 03', the area our locations name), else its name or address. */
function localityOf(context: OfferContext, place: JsonLdNode): string | undefined {
  const address = context.graph.resolve(place.address);
  return textOf(address?.addressLocality) ?? textOf(place.address) ?? nameOf(place);
}

/** An image: a URL, an ImageObject's url or contentUrl, or the first of a list. */
function imageOf(context: OfferContext, value: unknown): string | undefined {
  for (const image of Array.isArray(value) ? value : [value]) {
    const node = context.graph.resolve(image);
    const url = context.url(node ? (node.url ?? node.contentUrl) : image);
    if (url) return url;
  }
  return undefined;
}

/** The category words: the offer's category, else the business's, else the kind of business it is ('Fast Food Restaurant'). */
function categoryOf(context: OfferContext, business: JsonLdNode | undefined): string | undefined {
  const own = context.texts(context.own('category'));
  if (own.length > 0) return own.join(', ');
  const parent = [...context.parents].map((node) => context.texts(node.category)).find((texts) => texts.length > 0);
  if (parent) return parent.join(', ');
  if (!business) return undefined;
  const kinds = typesOf(business).filter(
    (type) => !/^(Organization|Corporation|LocalBusiness|Thing|Place)$/.test(type),
  );
  const words = [
    ...kinds.map((type) => type.replace(/([a-z])([A-Z])/g, '$1 $2')),
    ...context.texts(business.servesCuisine),
  ];
  return words.length > 0 ? words.join(', ') : undefined;
}
