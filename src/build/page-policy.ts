// Astro writes into every page's Content-Security-Policy <meta> the hashes of every script and style
// it bundled anywhere in the build (some forty, most of them for other pages), and the page's own
// (src/build/inline-code.ts). A page runs only its own inline code, so the site's middleware keeps
// those hashes alone: the rest, incompressible, were about 1.3 KB of every page once compressed.
import { POLICY_META } from '../lib/page-policy-meta.ts';
import { codeHash } from './inline-code.ts';

/** Inline code elements. A <script> with src has no inline code; one of a data type (JSON, JSON-LD) never runs. */
const INLINE_CODE = /<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi;
const RUNS_AS_SCRIPT = /^(module|text\/javascript|)$/i;
const HASH_SOURCE = /^'(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}'$/;

/** The page's inline code, by kind: what the browser would check against the policy's hashes. */
function inlineCode(html: string): Record<'script' | 'style', string[]> {
  const code = { script: [] as string[], style: [] as string[] };
  for (const [, tag, attributes = '', body] of html.matchAll(INLINE_CODE)) {
    const kind = tag!.toLowerCase() as 'script' | 'style';
    if (kind === 'script') {
      if (/\ssrc=/i.test(attributes)) continue;
      const type = attributes.match(/\stype="([^"]*)"/i)?.[1] ?? '';
      if (!RUNS_AS_SCRIPT.test(type.trim())) continue;
    }
    code[kind].push(body!);
  }
  return code;
}

/** `html` with its policy's script and style hashes cut to those of the page's own inline code. */
export function ownHashesOnly(html: string): string {
  const meta = html.match(POLICY_META);
  if (!meta) return html;
  const code = inlineCode(html);
  const hashesOf = (kind: 'script' | 'style', algorithm: string) =>
    new Set(code[kind].map((body) => `'${codeHash(body, algorithm)}'`));
  const computed = new Map<string, Set<string>>();
  const ownHash = (kind: 'script' | 'style', source: string) => {
    const algorithm = source.slice(1, source.indexOf('-'));
    const key = `${kind} ${algorithm}`;
    if (!computed.has(key)) computed.set(key, hashesOf(kind, algorithm));
    return computed.get(key)!.has(source);
  };
  const policy = meta[1]!
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const kind = name.startsWith('script-src') ? 'script' : name.startsWith('style-src') ? 'style' : undefined;
      if (!kind) return directive;
      const kept = sources.filter((source) => !HASH_SOURCE.test(source) || ownHash(kind, source));
      return ` ${[name, ...kept].join(' ')}`;
    })
    .join(';');
  // The element ends with its content and the closing quote.
  return html.replace(
    POLICY_META,
    (element: string, content: string) => `${element.slice(0, -content.length - 1)}${policy.trim()}"`,
  );
}
