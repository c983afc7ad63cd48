// Offer id → canonical path, for the server's redirects from the other offer URL forms.
import type { APIRoute } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { offerCanonicalPath } from '../lib/site-urls.ts';

export const GET: APIRoute = async () => {
  const { offers } = await getSiteData();
  return new Response(
    JSON.stringify(Object.fromEntries(offers.map((offer) => [offer.offerId, offerCanonicalPath(offer)]))),
    {
      headers: { 'content-type': 'application/json' },
    },
  );
};
