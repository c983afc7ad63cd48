// Small text helpers the normalisers share.

/** One line: runs of whitespace (including non-breaking spaces and newlines) become one space. */
export const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text as the readers match it: lower case, one space between words, and every dash (en, em,
 * minus) as '-', so that '1 Dec 2026 – 31 Jan 2027' and '1 Dec 2026 - 31 Jan 2027' read alike.
 */
export const forMatching = (text: string) =>
  collapseSpaces(text)
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-');

/**
 * At most max characters, cut at the last space that fits (a hard cut only when the first word
 * alone is too long), with the suffix (e.g. '…') counted within max.
 */
export function cutAtWord(text: string, max: number, suffix = ''): string {
  if (text.length <= max) return text;
  const room = max - suffix.length;
  const lastSpace = text.slice(0, room + 1).lastIndexOf(' ');
  const cut = lastSpace > 0 ? text.slice(0, lastSpace) : text.slice(0, room);
  // A cut phrase should not end on a dangling comma or dash.
  return cut.replace(/[\s,;:\-–—&+/]+$/, '') + suffix;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
};

/** The words of simple HTML, for reading: tags become spaces, common entities their characters. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#(\d{1,6});/g, (entity, code: string) =>
      Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : entity,
    )
    .replace(/&([a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity);

/** The last match of the pattern in the text: of the words before a date or an amount, the nearest describes it. */
export function lastMatch(text: string, pattern: RegExp): RegExpExecArray | null {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(global)) last = match as RegExpExecArray;
  return last;
}
