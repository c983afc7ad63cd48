// An offer's or a category's text in the page's language (docs/i18n.md): the Sinhala or Tamil the
// team or the merchant gave, else the English, marked lang="en" so that browsers, screen readers
// and search engines read it as English.
import type { TranslatedLocale } from '../contract/limits.ts';
import { baseLocale, getLocale, type Locale } from '../paraglide/runtime.js';

type Translatable<Field extends string> = Record<Field, string> & {
  translations?: Partial<Record<TranslatedLocale, Partial<Record<Field, string | undefined>>>>;
};

export interface LocalText {
  text: string;
  /** The base locale when the English shows on a page in another language; undefined when the text is the page's own language. */
  lang: string | undefined;
}

export function localText<Field extends string>(
  item: Translatable<Field>,
  field: Field,
  locale: Locale = getLocale(),
): LocalText {
  if (locale === baseLocale) return { text: item[field], lang: undefined };
  const own = item.translations?.[locale as TranslatedLocale]?.[field];
  return own ? { text: own, lang: undefined } : { text: item[field], lang: baseLocale };
}

/** A category's name in the page's language, or its English one. */
export const categoryName = (category: Translatable<'categoryName'>, locale?: Locale) =>
  localText(category, 'categoryName', locale).text;

/** Of an item's translations, the page language's alone (none on an English page): what a page needs to carry. */
export function inPageLanguage<Texts>(
  translations: Partial<Record<TranslatedLocale, Texts>>,
  locale: Locale = getLocale(),
): Partial<Record<TranslatedLocale, Texts>> {
  const own = locale === baseLocale ? undefined : translations[locale as TranslatedLocale];
  return own ? { [locale]: own } : {};
}

/** An offer with its own and its category's translations in the page's language alone. */
export const offerInPageLanguage = <
  Offer extends {
    translations: Partial<Record<TranslatedLocale, unknown>>;
    category: { translations: Partial<Record<TranslatedLocale, unknown>> };
  },
>(
  offer: Offer,
  locale: Locale = getLocale(),
): Offer => ({
  ...offer,
  translations: inPageLanguage(offer.translations, locale),
  category: { ...offer.category, translations: inPageLanguage(offer.category.translations, locale) },
});
