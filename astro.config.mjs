// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The site's languages, named once in the translations' project (docs/i18n.md). */
const { baseLocale, locales } = JSON.parse(readFileSync('./project.inlang/settings.json', 'utf8'));
/**
 * A build of one language (SITE_LOCALES, src/build/locales.ts) compiles every message in its
 * scripts to that language's text alone, so they carry no other language (docs/i18n.md "Per-locale builds").
 */
const buildLocales =
  process.env.SITE_LOCALES?.split(',')
    .map((locale) => locale.trim())
    .filter(Boolean) ?? [];
const staticLocale = buildLocales.length === 1 ? buildLocales[0] : undefined;

/**
 * Origins of the services the browser reaches, read at build time as src/lib/public-config.ts reads
 * them. A relative URL (the default '/api') is the site's own origin, already 'self'.
 */
const serviceOrigins = [
  process.env.PUBLIC_API_URL,
  process.env.PUBLIC_INSIGHT_URL,
  process.env.PUBLIC_DEMO_API_URL,
  process.env.PUBLIC_AD_PROXY_URL,
].flatMap((url) => (url && URL.canParse(url) ? [new URL(url).origin] : []));
const ownAndServices = ["'self'", ...new Set(serviceOrigins)].join(' ');

/**
 * `npm run messages` compiles the messages twice (docs/i18n.md): into src/paraglide/ as one module per
 * language, which Node loads as a few files (the server, the commands, the tests), and into
 * src/paraglide-per-message/ as one module per message, which lets the bundler give each script
 * only the messages it calls. The site's build reads the second wherever code imports the first.
 */
const PARAGLIDE_DIR = fileURLToPath(new URL('./src/paraglide/', import.meta.url));
const PER_MESSAGE_DIR = fileURLToPath(new URL('./src/paraglide-per-message/', import.meta.url));
/** @type {import('vite').Plugin} */
const messagesPerModule = {
  name: 'paraglide-per-message',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.includes('paraglide/')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.startsWith(PARAGLIDE_DIR)) return resolved;
    return { ...resolved, id: PER_MESSAGE_DIR + resolved.id.slice(PARAGLIDE_DIR.length) };
  },
};

/**
 * The error catalogue as a whole for src/contract/error-codes.ts alone, a module of its own: the
 * contract's schemas import their texts from it one by one by name, which the bundle keeps one by
 * one while no other code uses the catalogue whole. So a page's first scripts carry the few texts
 * their schemas name, and the whole catalogue loads only with the code that says an error in words
 * (lib/error-text.ts, the sign-in forms).
 */
const ERROR_CATALOGUE = fileURLToPath(new URL('./messages/errors/en.json', import.meta.url));
const ERROR_CODES_MODULE = fileURLToPath(new URL('./src/contract/error-codes.ts', import.meta.url));
const WHOLE_CATALOGUE_ID = '\0error-catalogue-whole';
/** @type {import('vite').Plugin} */
const errorCatalogueWhole = {
  name: 'error-catalogue-whole',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (importer !== ERROR_CODES_MODULE || !source.endsWith('/errors/en.json')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === ERROR_CATALOGUE ? WHOLE_CATALOGUE_ID : resolved;
  },
  load(id) {
    return id === WHOLE_CATALOGUE_ID ? `export default ${readFileSync(ERROR_CATALOGUE, 'utf8')};` : null;
  },
};

// Static output: every page is pre-rendered; islands hydrate against the live API.
export default defineConfig({
  // npm start and npm run build always pass SITE_URL (src/server/env.ts derives it from HOST and PORT when unset).
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  integrations: [
    react(),
    {
      // client:intent: an island that hydrates on the visitor's first sign of use (src/islands/intent-directive.ts).
      name: 'intent-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'intent', entrypoint: './src/islands/intent-directive.ts' }),
      },
    },
  ],
  trailingSlash: 'ignore',
  // English at the root, Sinhala under /si and Tamil under /ta: every page lives in src/pages/[...locale]/.
  i18n: { locales, defaultLocale: baseLocale, routing: { prefixDefaultLocale: false } },
  // CSS inlined into each page: one round trip less before the first paint (it is ~2 KB gzipped).
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 4 },
  // Every page gets a Content-Security-Policy <meta>: scripts and styles only from the site or by the
  // hash of what the page inlines (Astro hashes what it bundles; src/build/inline-code.ts adds the hashes
  // of our is:inline code). frame-ancestors cannot be given in a <meta>: the site build writes the
  // whole policy, with it, as an HTTP header too (src/server/site/headers.ts).
  // React, react-dom and the scheduler in one file: every page with an island needs all of them, and one
  // gzipped file is smaller than the five Rolldown makes of them by default. The same for 'site'.
  vite: {
    plugins: [messagesPerModule, errorCatalogueWhole],
    // In the browser's scripts only: the pages themselves are rendered with each page's locale from
    // its URL (src/middleware.ts), where a message may also be asked for in another language.
    environments: staticLocale
      ? { client: { define: { 'globalThis.__PARAGLIDE_STATIC_LOCALE__': JSON.stringify(staticLocale) } } }
      : {},
    // Not Paraglide's own Vite plugin: `npm run messages` compiles both folders before every build
    // (docs/i18n.md). Its plugin would write them again in another shape whenever NODE_ENV is not
    // production, under processes that are reading them.
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              // The small modules every page's first load needs (session, favourites, My Cards, URLs, texts in the page's language,
              // the card rules, the language choice, the recently-viewed strips' offline copy) in one file: a dozen files of a few
              // hundred bytes each cost more gzipped apart than together, and each file is a request and a dozen tasks on
              // the page's main thread. Nothing here may import React (the offer page has none). The
              // favourite control's Save and Saved, which the offer page's script shares with the cards:
              // in the cards' file they would bring it, and React, to the offer page. So would the search's filter names.
              // First among the groups (priority): the groups below take only what this one leaves.
              {
                name: 'site',
                priority: 2,
                test: /src[\\/](lib[\\/](after-paint|constants|site-urls|locale-path|public-config|api-images|card-match|format-offer|filter-query|translated|languages|recent-strips-message)|stores[\\/](session|notices|favorites|my-cards|recently-viewed|offer-filters|tokens-to-revoke)|contract[\\/](card-constants|safe-url)|islands[\\/](my-cards[\\/]open-my-cards|alerts[\\/]open-alert-me|ui[\\/]sign-in-prompt|offer-card[\\/](favorite-label|card-offers)|recent-strips-offline)|page-scripts[\\/]bank-favourites)\.ts$|src[\\/]paraglide-per-message[\\/]messages[\\/]browse_(saved?|my_cards_only|bank|category|instalment_plans)\.js$/,
              },
              // The card rules' checks, which the API client below and the merchant's savings answer share: in the
              // client's file, the whole client would come with the savings answer. Before 'api' (priority).
              { name: 'eligibility', priority: 1, test: /src[\\/]contract[\\/]eligibility\.ts$/ },
              // The public pages' API client (calls, session, catalogue, bank counts, the visitor's and the insight
              // stores, an offer view's record) with the contract's schemas it checks answers with: what the offer
              // page's script needs at once, one file where Rolldown made a dozen, fetched as a chain five
              // imports deep. The bank page's live counts take it at load too.
              {
                name: 'api',
                test: /src[\\/](client[\\/](http|session|catalogue|bank-counts)|stores[\\/](session-calls|visitor|insight)|islands[\\/]offer[\\/]record-view)\.ts$/,
              },
              // Dates in words (dayjs): the cards and the savings answer share them. In the cards' file they
              // would bring React to the merchant's and the offer's page with their savings answer.
              { name: 'dates', test: /src[\\/]lib[\\/](offer-dates|intl-locale)\.ts$|node_modules[\\/]dayjs[\\/]/ },
              // The offer card and its favourite control (React), with the filter bar's option lists: what
              // home's list hydrates at load, one file rather than four small ones.
              {
                name: 'cards',
                test: /src[\\/]islands[\\/](offer-card[\\/](OfferCard|FavoriteButton)\.tsx|ui[\\/](use-hydrated|use-store-part)\.ts|home[\\/]filter-options\.ts)$/,
              },
            ],
          },
        },
      },
    },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        `connect-src ${ownAndServices}`,
        // data: and blob: for the logo crop's preview of a chosen file.
        `img-src ${ownAndServices} data: blob:`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        // The service worker (/sw.js) and the web app manifest, from the site itself only.
        "worker-src 'self'",
        "manifest-src 'self'",
      ],
      // Pagefind's search runs WebAssembly.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
    },
  },
});
