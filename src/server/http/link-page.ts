// The small pages of their own that answer a link from an SMS or an e-mail opened in a browser (a
// reminder's stop link, the e-mail confirmation, unsubscribe): no site script, the site's header and
// stylesheet (global.css and link-page.css, served by the API beside the page, so that its strict
// policy allows it as 'self'), and, for a form, posting back here. They are in
// the language the link names (`lang`, which the SMS or e-mail that carried it was written in), else
// the browser's (Accept-Language).
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import { basePath } from 'hono/route';
import { SITE_NAME } from '../../lib/constants.ts';
import { LINK_LANGUAGE_PARAM, linkLocaleOf, localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';
import { requestLocale } from './request-locale.ts';

/** Where the link pages' stylesheet is served, under the API's base path (/api). */
export const LINK_PAGE_STYLESHEET_PATH = '/link-page.css';

/** The site's global.css, then the link pages' own rules: read once, at start. */
export const LINK_PAGE_STYLESHEET = [
  new URL('../../styles/global.css', import.meta.url),
  new URL('./link-page.css', import.meta.url),
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** No script, no inline style: the stylesheet from this host only. */
export const LINK_PAGE_POLICY =
  "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

// The site's logo (public/favicon.svg), drawn inline so that the page needs no image source.
const LOGO_SVG =
  '<svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b5cad"/>' +
  '<text x="16" y="22" font-family="system-ui,sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">OL</text></svg>';

/** The language a link's page is written in. */
export const linkPageLocale = (c: Context): Locale =>
  linkLocaleOf(c.req.query(LINK_LANGUAGE_PARAM)) ?? requestLocale(c);

/** The link pages' stylesheet, kept by browsers for an hour. */
export const serveLinkPageStylesheet = (c: Context) =>
  c.body(LINK_PAGE_STYLESHEET, 200, {
    'content-type': 'text/css; charset=utf-8',
    'cache-control': 'public, max-age=3600',
  });

/** A person opening the link in a browser gets a page; a program gets JSON. */
export const wantsPage = (c: Context) => /text\/html/i.test(c.req.header('accept') ?? '');

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page: the site's header (its logo links to the site's home in `locale`, on `siteUrl` when the
 * site is served elsewhere), then `title` as its heading and `body` (HTML, escaped by the caller).
 */
export function linkPage(
  c: Context,
  locale: Locale,
  title: string,
  body: string,
  options: { status?: 200 | 400; siteUrl?: string } = {},
) {
  c.header('Content-Security-Policy', LINK_PAGE_POLICY);
  const home = `${options.siteUrl?.replace(/\/$/, '') ?? ''}${localePath('/', locale)}`;
  return c.html(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${SITE_NAME}</title>
<link rel="stylesheet" href="${escapeHtml(basePath(c) + LINK_PAGE_STYLESHEET_PATH)}"></head>
<body><header class="site-header"><div class="container bar"><a class="logo" href="${escapeHtml(home)}" aria-label="${escapeHtml(m.header_home({ siteName: SITE_NAME }, { locale }))}">${LOGO_SVG}<span>${SITE_NAME}</span></a></div></header>
<main class="container link-page"><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div></main></body></html>`,
    options.status ?? 200,
  );
}
