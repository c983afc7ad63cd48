// Reading schema.org JSON-LD out of a page: its blocks, the nodes they define by @id, and a walk
// that finds every Offer with the nodes around it (the restaurant whose offers it is, the list it
// is an item of, the AggregateOffer it belongs to). jsonld.ts turns what is found into items.
import * as cheerio from 'cheerio';

export type JsonLdNode = Record<string, unknown>;

/** Offers nested deeper than this are not looked for: real pages nest a few levels, hostile ones more. */
const MAX_DEPTH = 16;
const OFFER_TYPES = new Set(['Offer', 'AggregateOffer', 'OfferForPurchase', 'OfferForLease']);

const isObject = (value: unknown): value is JsonLdNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The parsed JSON-LD blocks of a page, in page order, and a message for each block that is not
 * JSON (counted 1, 2, … among the page's JSON-LD blocks).
 */
export function jsonLdBlocks(html: string): { values: unknown[]; errors: string[]; count: number } {
  const $ = cheerio.load(html);
  const values: unknown[] = [];
  const errors: string[] = [];
  let count = 0;
  $('script[type]').each((_, element) => {
    // 'application/ld+json', in any case, with parameters such as '; charset=utf-8'.
    if (!/^\s*application\/ld\+json\s*(;|$)/i.test($(element).attr('type') ?? '')) return;
    count += 1;
    const text = unwrapScript($(element).text());
    if (text === '') return;
    try {
      values.push(JSON.parse(text));
    } catch (error) {
      errors.push(`JSON-LD block ${count} is not valid JSON: ${(error as Error).message}`);
    }
  });
  return { values, errors, count };
}

/** The JSON of a script without the HTML comment or CDATA wrapper old pages put around it. */
function unwrapScript(text: string): string {
  let json = text.trim();
  for (let pass = 0; pass < 2; pass += 1) {
    json = json
      .replace(/^<!--/, '')
      .replace(/-->$/, '')
      .trim()
      .replace(/^(?:\/\/|\/\*)?\s*<!\[CDATA\[\s*(?:\*\/)?/, '')
      .replace(/(?:\/\/|\/\*)?\s*\]\]>\s*(?:\*\/)?$/, '')
      .trim();
  }
  return json;
}

/** The node's types without their vocabulary: 'schema:Offer' and 'https://schema.org/Offer' are 'Offer'. */
export function typesOf(node: JsonLdNode): string[] {
  const raw = node['@type'];
  return (Array.isArray(raw) ? raw : [raw])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.trim().replace(/^(?:schema:|https?:\/\/(?:www\.)?schema\.org\/)/i, ''));
}

export const hasType = (node: JsonLdNode, test: (type: string) => boolean) => typesOf(node).some(test);
export const isOffer = (node: JsonLdNode) => hasType(node, (type) => OFFER_TYPES.has(type));
export const isAggregateOffer = (node: JsonLdNode) => hasType(node, (type) => type === 'AggregateOffer');

/** A page's JSON-LD as one graph: nodes with the same @id (in any block) are one node. */
export class JsonLdGraph {
  private readonly byId = new Map<string, JsonLdNode>();

  constructor(readonly roots: readonly unknown[]) {
    for (const root of roots) this.index(root, 0);
  }

  /** Every object with an @id, merged with the other objects of that @id (the first value of a property wins). */
  private index(value: unknown, depth: number): void {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) this.index(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const id = value['@id'];
    if (typeof id === 'string') {
      const merged = this.byId.get(id) ?? {};
      for (const [key, property] of Object.entries(value)) if (!(key in merged)) merged[key] = property;
      this.byId.set(id, merged);
    }
    for (const [key, property] of Object.entries(value)) if (key !== '@context') this.index(property, depth + 1);
  }

  /** The node a value stands for: an object, with an @id reference replaced by the node it names. */
  resolve(value: unknown): JsonLdNode | undefined {
    if (!isObject(value)) return undefined;
    const id = value['@id'];
    return (typeof id === 'string' && this.byId.get(id)) || value;
  }

  /** The nodes a property holds, resolved: one value or a list. */
  all(value: unknown): JsonLdNode[] {
    const values = Array.isArray(value) ? value : [value];
    return values.map((item) => this.resolve(item)).filter((node): node is JsonLdNode => node !== undefined);
  }

  /** Every typed node of the page once, in page order, leaving out offers and what they hold (their sellers, sponsors). */
  nodesOutsideOffers(): JsonLdNode[] {
    const seen = new Set<JsonLdNode>();
    const visit = (value: unknown, depth: number) => {
      if (depth > MAX_DEPTH) return;
      if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
      const node = this.resolve(value);
      if (!node || seen.has(node) || isOffer(node)) return;
      seen.add(node);
      for (const [key, property] of Object.entries(node)) if (key !== '@context') visit(property, depth + 1);
    };
    for (const root of this.roots) visit(root, 0);
    return [...seen].filter((node) => typesOf(node).length > 0);
  }

  /**
   * Every offer of the page with the typed nodes around it, nearest first. An offer reached from
   * several places (listed in @graph, and referenced from a hotel's offers and its owner's
   * makesOffer) is found once, with the nodes around each place, in the order they were reached.
   * An AggregateOffer whose own offers were found stands for them and is left out.
   */
  offers(): { offer: JsonLdNode; around: JsonLdNode[] }[] {
    const found = new Map<JsonLdNode, JsonLdNode[]>();
    const onPath = new Set<JsonLdNode>();
    const visit = (value: unknown, around: JsonLdNode[], depth: number) => {
      if (depth > MAX_DEPTH) return;
      if (Array.isArray(value)) return value.forEach((item) => visit(item, around, depth + 1));
      const node = this.resolve(value);
      if (!node || onPath.has(node)) return;
      if (isOffer(node)) {
        const before = found.get(node) ?? [];
        found.set(node, [...before, ...around.filter((other) => !before.includes(other))]);
        // An offer holds no offers, except an AggregateOffer its own.
        if (!isAggregateOffer(node)) return;
        onPath.add(node);
        visit(node.offers, [node, ...around], depth + 1);
        onPath.delete(node);
        return;
      }
      onPath.add(node);
      const inner = typesOf(node).length > 0 ? [node, ...around] : around;
      for (const [key, property] of Object.entries(node)) if (key !== '@context') visit(property, inner, depth + 1);
      onPath.delete(node);
    };
    for (const root of this.roots) visit(root, [], 0);
    const aggregatesWithOffers = new Set([...found.values()].flatMap((around) => around.filter(isAggregateOffer)));
    return [...found]
      .filter(([offer]) => !aggregatesWithOffers.has(offer))
      .map(([offer, around]) => ({ offer, around }));
  }
}
