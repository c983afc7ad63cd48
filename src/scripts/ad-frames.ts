// Fills every ad frame on the page with a fresh ad from the API (the ad proxy or house ads).
// Plain DOM code rather than an island: it is the only script a guest's offer page needs. It
// imports nothing, so that it stays inline: each frame carries its ads URL (data-ads-url) and where
// the API's images load from (data-api-image-path and -src, from src/lib/api-images.ts).

interface Ad { title: string; imageUrl: string; linkUrl: string }

const isAd = (value: unknown): value is Ad => {
  const ad = value as Partial<Ad> | null;
  return typeof ad?.title === 'string' && typeof ad.imageUrl === 'string' && typeof ad.linkUrl === 'string';
};

/** The ad's image as the browser must load it: apiImageSrc's rule, with the frame's values. */
function adImageSrc(frame: HTMLElement, url: string): string {
  const { apiImagePath, apiImageSrc } = frame.dataset;
  return apiImagePath && apiImageSrc && url.startsWith(apiImagePath) ? apiImageSrc + url.slice(apiImagePath.length) : url;
}

async function fetchAd(adsUrl: string): Promise<Ad | undefined> {
  const response = await fetch(adsUrl);
  if (!response.ok) return undefined;
  const body = (await response.json()) as { data?: unknown[] };
  return body.data?.find(isAd);
}

export function refreshAdFrames() {
  const frames = document.querySelectorAll<HTMLElement>('[data-ad-frame]');
  if (!frames.length) return;
  // After the page has loaded, so the ad never competes with the page's own content.
  const run = () => frames.forEach(async (frame) => {
    const adsUrl = frame.dataset.adsUrl;
    const ad = adsUrl ? await fetchAd(adsUrl).catch(() => undefined) : undefined;
    const link = frame.querySelector<HTMLAnchorElement>('[data-ad-link]');
    const image = frame.querySelector<HTMLImageElement>('[data-ad-image]');
    if (!ad || !link || !image) return; // the build's ad stays
    link.href = ad.linkUrl;
    image.src = adImageSrc(frame, ad.imageUrl);
    image.alt = ad.title;
    link.hidden = false;
  });
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}
