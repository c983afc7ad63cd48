// A page's Content-Security-Policy <meta> keeps the hashes of the page's own inline code alone.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { ownHashesOnly } from '../../src/build/page-policy.ts';

const hash = (code: string, algorithm = 'sha256') =>
  `'${algorithm}-${createHash(algorithm).update(code, 'utf8').digest('base64')}'`;
const page = (policy: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;
const policyOf = (html: string) => html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/)![1];

it("keeps the hashes of the page's inline scripts and styles, and drops the build's others", () => {
  const script = 'document.documentElement.dataset.ready = ""';
  const moduleScript = 'import("/x.js")';
  const style = 'p{color:red}';
  const body = `<style>${style}</style><p>Hi</p><script>${script}</script><script type="module">${moduleScript}</script>`;
  const other = [hash('alert(1)'), hash('body{}')];
  const html = page(
    `default-src 'self';img-src 'self' data:; script-src 'self' 'wasm-unsafe-eval' ${hash(script)} ${other[0]} ${hash(moduleScript)}; style-src 'self' ${other[1]} ${hash(style)};`,
    body,
  );
  expect(policyOf(ownHashesOnly(html))).toBe(
    `default-src 'self';img-src 'self' data:; script-src 'self' 'wasm-unsafe-eval' ${hash(script)} ${hash(moduleScript)}; style-src 'self' ${hash(style)};`,
  );
  // Only the policy changes.
  expect(ownHashesOnly(html).replace(policyOf(ownHashesOnly(html)), '')).toBe(html.replace(policyOf(html), ''));
});

it('drops a hash that names code the page has in another kind of element, or only in a data block or a file', () => {
  const code = 'p{color:red}';
  const json = '{"a":1}';
  const html = page(
    `script-src 'self' ${hash(code)} ${hash(json)} ${hash('')}; style-src 'self' ${hash(json)}`,
    `<style>${code}</style><script type="application/json">${json}</script><script type="module" src="/_astro/a.js"></script>`,
  );
  expect(policyOf(ownHashesOnly(html))).toBe(`script-src 'self'; style-src 'self'`);
});

it('reads each hash with its own algorithm, and leaves a page without a policy <meta> as it is', () => {
  const script = 'console.log(1)';
  const html = page(`script-src 'self' ${hash(script, 'sha384')} ${hash('x', 'sha512')}`, `<script>${script}</script>`);
  expect(policyOf(ownHashesOnly(html))).toBe(`script-src 'self' ${hash(script, 'sha384')}`);
  const plain = '<!doctype html><html><head></head><body><script>1</script></body></html>';
  expect(ownHashesOnly(plain)).toBe(plain);
});
