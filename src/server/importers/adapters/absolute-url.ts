/** The absolute http(s) URL of a link, image or id as written on the page at base, if it is one. */
export function absoluteUrl(href: string | null | undefined, base: string): string | undefined {
  const written = href?.replace(/\s+/g, ' ').trim();
  if (!written || written.startsWith('#') || /^(?:javascript|mailto|tel|data):/i.test(written)) return undefined;
  try {
    const url = new URL(written, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
