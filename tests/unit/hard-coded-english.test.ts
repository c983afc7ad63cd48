// No island, page, component or page script writes English of its own (issue 18, docs/i18n.md):
// every text a visitor reads or hears goes through the messages. It looks for English words in
// template text, in the attributes people read (aria-label, title, placeholder, alt, label), and in
// string literals that read as a phrase. What may stay (names, units, formats) is listed below.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Where the interface's texts live. */
const ROOTS = ['src/islands', 'src/components', 'src/layouts', 'src/pages', 'src/page-scripts'];
/** Texts that are the same in every language: names, units and formats, not words to translate. */
const ALLOWED = new Set([
  'OfferLanka',
  'Instagram',
  'YouTube',
  'TikTok',
  'Facebook',
  'English',
  'Visa',
  'Mastercard',
  'Amex',
  'UnionPay',
  'LKR',
  'Rs.',
  'KB',
  'MB',
  'PNG',
  'JPEG',
  'SVG',
  'CSV',
  'SMS',
  'OTP',
  'URL',
  'DD/MM/YYYY',
  'https://',
  // Examples of what to type, the same in every language.
  '7xx xxx xxx',
  'you@example.lk',
]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(tsx?|astro)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(dir, name));

/** Two or more letters in a row: a word. */
const hasWord = (text: string) => /[A-Za-z]{2,}/.test(text);
const isAllowed = (text: string) =>
  ALLOWED.has(text.trim()) ||
  text
    .trim()
    .split(/[\s,·/|()]+/)
    .filter(Boolean)
    .every((word) => ALLOWED.has(word) || !hasWord(word));

/** The file without comments, style blocks and the lines that only speak to developers. */
function codeOf(source: string): string {
  return (
    source
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
      // Errors raised for the code that catches them, which says what to the visitor.
      .split('\n')
      .filter(
        (line) =>
          !/\bconsole\.(log|warn|error|debug|info)\(|^\s*import\s|^\s*export\s+\*\s+from|\bnew Error\(/.test(line),
      )
      .join('\n')
  );
}

/** English found in a file's code: template text, readable attributes, phrase-like string literals. */
function englishIn(source: string): string[] {
  const code = codeOf(source);
  const found: string[] = [];
  // Text between tags (JSX and Astro templates), outside expressions: what reads as prose, not as
  // the code between a comparison's or a type argument's angle brackets.
  for (const [, raw] of code.matchAll(/(?<![=-])>([^<>{}=;]*[A-Za-z]{2,}[^<>{}=;]*)</g)) {
    const text = raw!.trim();
    const prose =
      /^[A-Za-z][A-Za-z'’ ,.!?:…-]*$/.test(text) &&
      !/^(new|return|typeof|const|let|await|as|extends|keyof|in|of)\b/.test(text);
    if (prose && (/\s/.test(text) || /^[A-Z][a-z]+[.!?…]?$/.test(text)) && !isAllowed(text)) found.push(text);
  }
  // Attributes people read, given as a literal.
  for (const [, , text] of code.matchAll(/\b(aria-label|aria-description|title|placeholder|alt|label)="([^"]*)"/g)) {
    if (hasWord(text!) && !isAllowed(text!)) found.push(text!);
  }
  // String literals that read as a phrase: a capitalised word then another word, or a sentence's end.
  for (const [, , text] of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const plain = text!.replace(/\$\{[^}]*\}/g, ' ');
    if (/^[A-Z][a-z']+(?: [A-Za-z'’,.!?…-]+)+[.!?…]?$/.test(plain.trim()) || /^[A-Z][a-z]+[.!?…]$/.test(plain.trim())) {
      if (!isAllowed(plain)) found.push(text!);
    }
  }
  return [...new Set(found)];
}

describe('hard-coded English', () => {
  it('finds English in a template, an attribute and a phrase', () => {
    expect(englishIn('<button aria-label="Close menu">{m.x()}</button>')).toEqual(['Close menu']);
    expect(englishIn('return <p>No offers yet</p>;')).toEqual(['No offers yet']);
    expect(englishIn('<button>Close</button>')).toEqual(['Close']);
    expect(
      englishIn(
        'const ok = a.length > 2 && items.every((x) => x < 5); new Promise<void>(() => {}); {SHOWN && (<li />)}',
      ),
    ).toEqual([]);
    expect(englishIn('const load = async (): Promise<void> => {}; const f = (x: number) => Promise<number>;')).toEqual(
      [],
    );
    expect(englishIn("const label = 'Load more';")).toEqual(['Load more']);
    expect(englishIn('<a class="button secondary" href={localePath(\'/sign-in\')}>{m.nav_sign_in()}</a>')).toEqual([]);
    expect(englishIn("console.error('Could not load the offers'); // Not shown")).toEqual([]);
    expect(englishIn('<span>OfferLanka</span> <p>LKR 5,000</p>')).toEqual([]);
  });

  const files = ROOTS.flatMap(sourceFiles);
  it.each(files)('%s has none', (file) => {
    expect(englishIn(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
