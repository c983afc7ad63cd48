// The Sinhala and Tamil texts of the language switcher, which every page shows whatever its language
// (src/lib/languages.ts): scripts/language-name-fonts.ts cuts a font to their letters.
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES } from '../lib/languages.ts';

/** Where the cut fonts are kept (src/build/locale-fonts.ts imports them), from the project's root. */
export const LANGUAGE_NAME_FONT_FILES = {
  si: 'src/fonts/language-names-si.woff2',
  ta: 'src/fonts/language-names-ta.woff2',
} as const;

/** A language's names in the switcher, in one string. */
export const languageNameTexts = (locale: 'si' | 'ta') => `${LANGUAGE_NAMES[locale]} ${LANGUAGE_SHORT_NAMES[locale]}`;
