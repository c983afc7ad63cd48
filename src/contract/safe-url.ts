// The one rule for URLs that pages put into src and href (banners, logos, merchant sites, ad links):
// http:, https: or a path of this site. Anything else (javascript:, data:, vbscript:, a protocol-
// relative //host) is refused, on write (the contract's WebUrl) and when rendering. Pure, with no
// imports: the contract, the server, the build and the browser all use it.

/** An image to show where a required image's URL is refused. */
export const PLACEHOLDER_IMAGE_URL = '/favicon.svg';

// Browsers drop tabs and line breaks inside URLs and read '\' as '/', so '/\evil.example' or
// '/\t/evil.example' would become the protocol-relative '//evil.example': such characters are refused.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/** The URL when it is http:, https: or a site path ('/…' but not '//…'); otherwise undefined. */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value === '' || UNSAFE_CHARACTERS.test(value)) return undefined;
  if (value.startsWith('/')) return value.startsWith('//') ? undefined : value;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : undefined;
  } catch {
    return undefined; // not a URL at all, e.g. a relative 'images/x.png'
  }
}
