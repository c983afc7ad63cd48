// The language switcher's links (components/LanguageSwitcher.astro) keep the page's query and
// fragment (home's filters), and remember the language chosen. Where the remembered language, or
// without one the browser's, differs from the page's, one line offers the page in it: the site
// never redirects by language (docs/i18n.md).
import { LANGUAGE_CHOICE_STORAGE_KEY } from '../lib/languages.ts';

const pageLocale = document.documentElement.lang;

const remember = (locale: string) => {
  try {
    localStorage.setItem(LANGUAGE_CHOICE_STORAGE_KEY, locale);
  } catch {
    /* private mode: not remembered */
  }
};

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-language-choice]');
  if (!link) return;
  remember(link.dataset.languageChoice!);
  link.href = `${link.pathname}${location.search}${location.hash}`;
});

/** The page's suggestion in a language, if there is one (there is for each language but the page's). */
const suggestionIn = (locale: string) =>
  document.querySelector<HTMLAnchorElement>(`[data-language-suggestion="${CSS.escape(locale)}"]`);

function wantedLocale(): string | undefined {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_CHOICE_STORAGE_KEY);
  } catch {
    /* private mode */
  }
  if (chosen) return chosen;
  // The browser's first language the site has: none at all, or the page's own, suggests nothing.
  return navigator.languages
    .map((tag) => tag.split('-')[0]!.toLowerCase())
    .find((language) => language === pageLocale || suggestionIn(language));
}

const wanted = wantedLocale();
const suggestion = wanted && wanted !== pageLocale ? suggestionIn(wanted) : null;
if (suggestion) {
  suggestion.href = `${suggestion.pathname}${location.search}${location.hash}`;
  const line = suggestion.closest<HTMLElement>('[data-language-suggestions]')!;
  suggestion.hidden = false;
  line.hidden = false;
  suggestion.addEventListener('click', () => remember(wanted!));
  // Closed: the visitor keeps this page's language, and is not asked again.
  line.querySelector('[data-language-suggestion-close]')?.addEventListener('click', () => {
    remember(pageLocale);
    line.hidden = true;
  });
}
