// The language switcher's links (components/LanguageSwitcher.astro) keep the page's query and
// fragment (home's filters), and remember the language chosen. Where the remembered language, or
// without one the browser's, differs from the page's, one line offers the page in it: the site
// never redirects by language (docs/i18n.md).
import { LANGUAGE_CHOICE_STORAGE_KEY } from '../lib/languages.ts';
import { baseLocale, locales } from '../paraglide/runtime.js';

const pageLocale = document.documentElement.lang;

const remember = (locale: string) => {
  try { localStorage.setItem(LANGUAGE_CHOICE_STORAGE_KEY, locale); } catch { /* private mode: not remembered */ }
};

document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-language-choice]');
  if (!link) return;
  remember(link.dataset.languageChoice!);
  link.href = `${link.pathname}${location.search}${location.hash}`;
});

function wantedLocale(): string | undefined {
  let chosen: string | null = null;
  try { chosen = localStorage.getItem(LANGUAGE_CHOICE_STORAGE_KEY); } catch { /* private mode */ }
  if (chosen) return chosen;
  return navigator.languages.map((tag) => tag.split('-')[0]!.toLowerCase()).find((language) => language !== baseLocale && (locales as readonly string[]).includes(language));
}

const wanted = wantedLocale();
const suggestion = wanted && wanted !== pageLocale ? document.querySelector<HTMLAnchorElement>(`[data-language-suggestion="${wanted}"]`) : null;
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
