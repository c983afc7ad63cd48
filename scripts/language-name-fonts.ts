// Writes the two tiny fonts that draw the Sinhala and Tamil names of every page's language switcher
// (src/build/locale-fonts.ts), so that a device without such fonts shows no boxes: Noto Sans Sinhala and Noto Sans Tamil cut to those texts' letters (harfbuzz's subsetter,
// which keeps the shaping tables the vowel signs need). Run it again (npx tsx
// scripts/language-name-fonts.ts) when those names change: tests/unit/language-name-fonts.test.ts
// tells when the fonts no longer cover them.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { LANGUAGE_NAME_FONT_FILES, languageNameTexts } from '../src/build/language-name-texts.ts';

const require = createRequire(import.meta.url);
const SOURCES = {
  si: require.resolve('@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff2'),
  ta: require.resolve('@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2'),
} as const;

for (const locale of ['si', 'ta'] as const) {
  const subset = await subsetFont(readFileSync(SOURCES[locale]), languageNameTexts(locale), { targetFormat: 'woff2' });
  writeFileSync(LANGUAGE_NAME_FONT_FILES[locale], subset);
  console.log(`${LANGUAGE_NAME_FONT_FILES[locale]}: ${subset.length} bytes`);
}
