// The small pages of their own that answer a link from an SMS or an e-mail opened in a browser (a
// reminder's stop link, the e-mail confirmation, unsubscribe): no site script or style, under the
// API's strict policy plus their inline style (and, for a form, posting back here). They are in the
// language the link names (`lang`, which the SMS or e-mail that carried it was written in), else the
// browser's (Accept-Language).
import type { Context } from 'hono';
import { SITE_NAME } from '../../lib/constants.ts';
import { LINK_LANGUAGE_PARAM, linkLocaleOf } from '../../lib/locale-path.ts';
import type { Locale } from '../../paraglide/runtime.js';
import { requestLocale } from './request-locale.ts';

/** The language a link's page is written in. */
export const linkPageLocale = (c: Context): Locale => linkLocaleOf(c.req.query(LINK_LANGUAGE_PARAM)) ?? requestLocale(c);

/** A person opening the link in a browser gets a page; a program gets JSON. */
export const wantsPage = (c: Context) => /text\/html/i.test(c.req.header('accept') ?? '');

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page: `title` as its heading, then `body` (HTML, escaped by the caller). */
export function linkPage(c: Context, locale: Locale, title: string, body: string, status: 200 | 400 = 200) {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  return c.html(`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${SITE_NAME}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#0b5fff;color:#fff;cursor:pointer}a{color:#0b5fff}</style></head>
<body><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`, status);
}
