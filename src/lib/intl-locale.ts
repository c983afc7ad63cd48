// The Intl locale of each of the site's languages: Sri Lanka's form of each (dates and numbers in
// si-LK and ta-LK; English as en-LK, which groups digits as the site always has).
import type { Locale } from '../paraglide/runtime.js';

const INTL_LOCALES: Record<Locale, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };

export const intlLocale = (locale: Locale) => INTL_LOCALES[locale];
