// The headers of the built site's answers, written by every build beside its pages: `_headers` for a
// CDN (Netlify, Cloudflare Pages) and `nginx-headers.conf` for nginx, and read back by our own server
// (routes.ts), so the site gets the same headers whoever serves it.
//
// Astro writes each page's Content-Security-Policy into a <meta>, with the hashes of what that page
// inlines. A <meta> cannot carry frame-ancestors, so a header carries it: one policy for the whole
// site, the union of the pages' directives that name no hash, plus frame-ancestors. A browser
// enforces both the header and the page's <meta>, so each page runs only its own hashed code. The
// header goes with every answer, scripts and images too: the pages' hashes (some 4 KB) would cost
// each of a page's dozens of requests their size again over HTTP/1.1, for nothing.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hstsHeader, SECURITY_HEADERS } from '../http/security-headers.ts';
import { localePath } from '../../lib/locale-path.ts';
import { POLICY_META } from '../../lib/page-policy-meta.ts';
import { SERVICE_WORKER_PATH, WEB_APP_MANIFEST_PATH } from '../../lib/web-app.ts';
import { locales } from '../../paraglide/runtime.js';

export const CDN_HEADERS_FILE = '_headers';
export const NGINX_HEADERS_FILE = 'nginx-headers.conf';
const WRITTEN_BY = 'Written by the site build (src/server/site/headers.ts): the headers of every answer of this build.';

/**
 * The service worker is checked on every visit (a new build's worker is found at once), and the
 * manifests (one per language) have their own type. Our server does the same (routes.ts); nginx: see docs/operations.md.
 */
const SERVICE_WORKER_HEADERS = [
  SERVICE_WORKER_PATH,
  '  Cache-Control: no-cache',
  ...locales.flatMap((locale) => [
    localePath(WEB_APP_MANIFEST_PATH, locale),
    '  Content-Type: application/manifest+json',
  ]),
];

/** One policy allowing every source that any of `policies` allows, directive by directive, but the directives in `leftOut`. */
function unionOfPolicies(policies: string[], leftOut: ReadonlySet<string> = new Set()): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name || leftOut.has(name)) continue;
      const known = directives.get(name) ?? new Set<string>();
      for (const source of sources) known.add(source);
      directives.set(name, known);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** A page's own policy, from its <meta> (in the page's head: only that part is decoded). */
export function pagePolicy(html: string | Buffer, file: string): string {
  const head =
    typeof html === 'string' ? html : html.toString('utf8', 0, Math.max(0, html.indexOf('</head>')) || html.length);
  const policy = head.match(POLICY_META)?.[1];
  if (!policy) throw new Error(`${file} has no Content-Security-Policy <meta> (security.csp in astro.config.mjs)`);
  return policy;
}

/**
 * The directives whose sources are a page's hashes, and default-src, which stands in for them where
 * they are missing: each page's <meta> gives them, and the header leaves them out. frame-ancestors
 * is the header's own.
 */
const NOT_FROM_PAGES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'frame-ancestors',
]);

/** The site's Content-Security-Policy header: the union of its pages' policies but their own directives, and frame-ancestors. */
export const sitePolicyOf = (pagePolicies: Iterable<string>) =>
  `${unionOfPolicies([...new Set(pagePolicies)], NOT_FROM_PAGES)}; frame-ancestors 'none'`;

/** The Content-Security-Policy header of the build in `dir`, from its pages' <meta> policies. */
function sitePolicy(dir: string): string {
  const policies: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    policies.push(pagePolicy(readFileSync(file), file));
  }
  return sitePolicyOf(policies);
}

/** Writes `_headers` and `nginx-headers.conf` into the build in `dir`; `siteUrl` https adds HSTS. */
export function writeSiteHeaders(
  dir: string,
  siteUrl: string | undefined,
  policy = sitePolicy(dir),
): Record<string, string> {
  const headers = { 'Content-Security-Policy': policy, ...SECURITY_HEADERS, ...hstsHeader(siteUrl) };
  const entries = Object.entries(headers);
  // Each file replaced by a rename: a publish rewrites them in the build being served.
  const write = (name: string, lines: string[]) => {
    writeFileSync(join(dir, `${name}.next`), [...lines, ''].join('\n'));
    renameSync(join(dir, `${name}.next`), join(dir, name));
  };
  write(CDN_HEADERS_FILE, [
    `# ${WRITTEN_BY}`,
    '/*',
    ...entries.map(([name, value]) => `  ${name}: ${value}`),
    ...SERVICE_WORKER_HEADERS,
  ]);
  // `always`: on error answers too. nginx drops a server block's add_header in a location with its own.
  write(NGINX_HEADERS_FILE, [
    `# ${WRITTEN_BY}`,
    ...entries.map(([name, value]) => `add_header ${name} "${value}" always;`),
  ]);
  return headers;
}

/** After a publish: the build's policy widened by the policies of the pages it wrote, should one name a source the others do not. */
export function widenSiteHeaders(dir: string, siteUrl: string | undefined, pagePolicies: string[]) {
  const current = readSiteHeaders(dir)['Content-Security-Policy'];
  writeSiteHeaders(dir, siteUrl, current ? sitePolicyOf([current, ...pagePolicies]) : sitePolicy(dir));
}

/** The headers a build's `_headers` gives every path ('/*'); none for a build from before it existed. */
function readSiteHeaders(dir: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(dir, CDN_HEADERS_FILE), 'utf8');
  } catch {
    return {};
  }
  return parseSiteHeaders(text);
}

/** The headers for every path ('/*') in the text of a `_headers` file. */
export function parseSiteHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAllPaths = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inAllPaths = line.trim() === '/*';
    const header = inAllPaths ? line.match(/^\s+([\w-]+):\s*(.*)$/) : null;
    if (header) headers[header[1]!] = header[2]!;
  }
  return headers;
}
