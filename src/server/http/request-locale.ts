// The language of a request (docs/api.md §1.2, "Language"): the browser's API client sends the
// page's language in Accept-Language. The account keeps it (sign-up, each sign-in), and the code
// SMS sent during the request is written in it. Anything unreadable or in no site language is English.
import type { Context } from 'hono';
import { baseLocale, locales, type Locale } from '../../paraglide/runtime.js';

const isLocale = (tag: string): tag is Locale => (locales as readonly string[]).includes(tag);

/** The first tag of an Accept-Language value, by q order, whose primary subtag is a site language; else English. */
export function parseAcceptLanguage(header: string | undefined): Locale {
  if (!header) return baseLocale;
  const ranges = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return { primary: tag.split('-')[0]!.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
  });
  // Highest q first; equal q keep the header's order. q=0 means "not this one".
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { primary, weight } of ranges) if (weight > 0 && isLocale(primary)) return primary;
  return baseLocale;
}

/** The request's language, from its Accept-Language header. */
export const requestLocale = (c: Context): Locale => parseAcceptLanguage(c.req.header('accept-language'));
