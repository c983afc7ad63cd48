// Code written into a page as it is (`is:inline`) under the site's Content-Security-Policy
// (astro.config.mjs security.csp). Astro hashes the scripts and styles it bundles but not these, so
// each page or component that inlines code adds the code's hash to the page's policy here.
// Build-time only (node:crypto): call it in the frontmatter of an .astro file.
import { createHash } from 'node:crypto';
import type { AstroGlobal } from 'astro';

/** A policy's hash source for `code` (without its quotes): 'sha256-…' by default, as Astro's own. */
export const codeHash = (code: string, algorithm = 'sha256') =>
  `${algorithm}-${createHash(algorithm).update(code, 'utf8').digest('base64')}`;
const sha256 = (code: string) => codeHash(code) as `sha256-${string}`;

/** `code`, allowed to run on the page being built: for `<script is:inline set:html={…} />`. */
export function inlineScript(astro: Pick<AstroGlobal, 'csp'>, code: string): string {
  astro.csp?.insertScriptHash(sha256(code));
  return code;
}

/** `css`, allowed as a style element on the page being built: for `<style is:inline set:html={…} />`. */
export function inlineStyle(astro: Pick<AstroGlobal, 'csp'>, css: string): string {
  astro.csp?.insertStyleHash(sha256(css));
  return css;
}
