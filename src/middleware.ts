// Each page is rendered in its URL's language (/si/… Sinhala, /ta/… Tamil, else English): Paraglide's
// middleware keeps that locale for the page's messages while Astro renders it (docs/i18n.md).
import { defineMiddleware } from 'astro:middleware';
import { paraglideMiddleware } from './paraglide/server.js';

export const onRequest = defineMiddleware((context, next) => paraglideMiddleware(context.request, () => next()));
