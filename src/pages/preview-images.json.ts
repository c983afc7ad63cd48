// Offer id → its preview image's key and what it draws, for every offer page this build renders.
// The build job renders the new keys and then removes this file (src/server/site/preview-images.ts).
import type { APIRoute } from 'astro';
import { rendersOfferPage } from '../build/page-selection.ts';
import { previewImageKey, previewImageSpec } from '../lib/preview-image.ts';
import { getSiteData } from '../build/site-data.ts';

export const GET: APIRoute = async () => {
  const { offers } = await getSiteData();
  const entries = offers.filter(rendersOfferPage).map((offer) => {
    const spec = previewImageSpec(offer);
    return [offer.offerId, { key: previewImageKey(spec), spec }];
  });
  return new Response(JSON.stringify(Object.fromEntries(entries)), { headers: { 'content-type': 'application/json' } });
};
