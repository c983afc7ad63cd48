// The bank logos' sprite of this build (src/build/bank-logo-sprite.ts), at its hashed name.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getBankLogoSprite } from '../../build/bank-logo-sprite.ts';

export const getStaticPaths = (async () => {
  const sprite = await getBankLogoSprite();
  return sprite ? [{ params: { name: sprite.name } }] : [];
}) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const sprite = await getBankLogoSprite();
  return new Response(sprite ? new Uint8Array(sprite.bytes) : null, { headers: { 'content-type': 'image/webp' } });
};
