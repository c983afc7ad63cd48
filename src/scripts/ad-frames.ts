// Fills every ad frame on the page with a fresh ad from the API (the ad proxy or house ads).
// Plain DOM code rather than an island: it is the only script a guest's offer page needs.
import { AD_COUNT, AD_PLACEMENT, AD_SPACE } from '../contract/limits.ts';
import { PUBLIC_API_URL } from '../lib/public-config.ts';

interface Ad { title: string; imageUrl: string; linkUrl: string }

const isAd = (value: unknown): value is Ad => {
  const ad = value as Partial<Ad> | null;
  return typeof ad?.title === 'string' && typeof ad.imageUrl === 'string' && typeof ad.linkUrl === 'string';
};

async function fetchAd(): Promise<Ad | undefined> {
  const query = new URLSearchParams({ placement: AD_PLACEMENT, ad_space: AD_SPACE, count: String(AD_COUNT) });
  const response = await fetch(`${PUBLIC_API_URL}/ads?${query}`);
  if (!response.ok) return undefined;
  const body = (await response.json()) as { data?: unknown[] };
  return body.data?.find(isAd);
}

export function refreshAdFrames() {
  const frames = document.querySelectorAll<HTMLElement>('[data-ad-frame]');
  if (!frames.length) return;
  // After the page has loaded, so the ad never competes with the page's own content.
  const run = () => frames.forEach(async (frame) => {
    const ad = await fetchAd().catch(() => undefined);
    const link = frame.querySelector<HTMLAnchorElement>('[data-ad-link]');
    const image = frame.querySelector<HTMLImageElement>('[data-ad-image]');
    if (!ad || !link || !image) return; // the build's ad stays
    link.href = ad.linkUrl;
    image.src = ad.imageUrl;
    image.alt = ad.title;
    link.hidden = false;
  });
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
