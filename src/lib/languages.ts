// What the language switcher and the one-line suggestion show (docs/i18n.md). Each language's name
// and suggestion are written in that language itself, whatever the page's language: they are not
// translations, so they are not messages (a build of one language compiles messages to its text alone).
import type { Locale } from '../paraglide/runtime.js';

/** Each language's name in itself. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };
/** The header's short form of each name. */
export const LANGUAGE_SHORT_NAMES: Record<Locale, string> = { en: 'EN', si: 'සිං', ta: 'தமி' };
/** The line offering a page in the visitor's language, in that language. */
export const LANGUAGE_SUGGESTIONS: Record<Locale, string> = {
  en: 'Read this page in English',
  si: 'මෙම පිටුව සිංහලෙන් කියවන්න',
  ta: 'இந்தப் பக்கத்தைத் தமிழில் படிக்கவும்',
};
/** The language the visitor chose with the switcher (localStorage). */
export const LANGUAGE_CHOICE_STORAGE_KEY = 'offerlanka:language';
