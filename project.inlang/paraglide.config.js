// Paraglide's compiler options, read by `npm run messages` (the CLI). docs/i18n.md explains the choices.
import { defineConfig } from '@inlang/paraglide-js';

export default defineConfig({
  outdir: './src/paraglide',
  // English at /, Sinhala at /si/, Tamil at /ta/ (DECISIONS.md "Languages"): the URL says the locale.
  strategy: ['url', 'baseLocale'],
  // Each language's pages are built on their own, with this expression defined as the language
  // (astro.config.mjs): its scripts then carry that language's messages and no other. Unset (the
  // server, tests), messages follow the URL or an explicit { locale }.
  experimentalStaticLocale: '/** @type {any} */ (globalThis).__PARAGLIDE_STATIC_LOCALE__',
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
});
