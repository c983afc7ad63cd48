// The language switcher's fonts (scripts/language-name-fonts.ts, src/build/locale-fonts.ts): each
// covers exactly the letters of its language's names in the switcher, and stays tiny.
import { readFileSync, statSync } from 'node:fs';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAME_FONT_FILES, languageNameTexts } from '../../src/build/language-name-texts.ts';

const SCRIPT_BLOCKS = { si: [0x0d80, 0x0dff], ta: [0x0b80, 0x0bff] } as const;
const MAX_BYTES = 2_500;

describe.each(['si', 'ta'] as const)('the %s language names font', (locale) => {
  const [first, last] = SCRIPT_BLOCKS[locale];
  const inScript = (codePoint: number) => codePoint >= first && codePoint <= last;

  it("has exactly the letters of the switcher's names in its script", () => {
    const font = create(readFileSync(LANGUAGE_NAME_FONT_FILES[locale])) as Font;
    const letters = [...new Set([...languageNameTexts(locale)].map((letter) => letter.codePointAt(0)!))]
      .filter(inScript)
      .sort();
    expect(letters.length).toBeGreaterThan(2);
    expect([...font.characterSet].filter(inScript).sort()).toEqual(letters);
  });

  it('is tiny', () => {
    expect(statSync(LANGUAGE_NAME_FONT_FILES[locale]).size).toBeLessThan(MAX_BYTES);
  });
});
