// The site's own code files (/_astro/) that a page or a file names: its scripts, stylesheets and
// fonts, and a script's imports, static and dynamic, with the dependency lists Vite preloads for
// them. Read by the service worker, to keep what an open page needs, and by the build, to list what
// the recently-viewed strips need (src/server/site/service-worker.ts).

/**
 * A quoted or url() path to a .js, .css or font file: relative ('./x.js', as a script imports), from
 * the root ('/_astro/x.css', as a page names it) or from the site's base ('_astro/x.js', as Vite's
 * preload lists name it). Minified code quotes with backticks too.
 */
const REFERENCE = /["'`(]((?:\.{1,2}\/|\/?_astro\/)[^"'`()\s]+?\.(?:js|css|woff2?))["'`)]/g;
/** A script's static import ('from"./x.js"', 'import"./x.js"'): what it needs to run at all. */
const STATIC_IMPORT = /\b(?:from|import)\s*["'`]((?:\.{1,2}\/)[^"'`\s]+?\.js)["'`]/g;

export interface CodeReferenceOptions {
  /** Of scripts, only static imports: not the code that a script loads later, if ever (default false). */
  staticImportsOnly?: boolean;
}

/** The URLs under /_astro/ of `siteOrigin` that `text`, the file at `fileUrl`, names, each once. */
export function codeReferences(
  text: string,
  fileUrl: string,
  siteOrigin: string,
  { staticImportsOnly = false }: CodeReferenceOptions = {},
): string[] {
  const found = new Set<string>();
  const add = (path: string) => {
    const url = new URL(path.startsWith('_astro/') ? `/${path}` : path, path.startsWith('.') ? fileUrl : siteOrigin);
    if (url.origin === siteOrigin && url.pathname.startsWith('/_astro/')) found.add(url.href);
  };
  for (const [, path] of text.matchAll(REFERENCE)) if (!staticImportsOnly || !path!.endsWith('.js')) add(path!);
  if (staticImportsOnly) for (const [, path] of text.matchAll(STATIC_IMPORT)) add(path!);
  return [...found];
}
