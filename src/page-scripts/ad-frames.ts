// Fills every ad frame on the page with a fresh ad from the API (the ad proxy or house ads).
// Plain DOM code rather than an island: it is the only script a guest's offer page needs. It
// imports nothing, so that it stays inline: each frame carries its ads URLs (data-ads-url, and
// data-ads-url-signed-in asking for several), the paths of ads for guests only (sign-up), and where
// the API's images load from (data-api-image-path and -src, from src/lib/api-images.ts), and the
// page's language segment for links to the site's own pages (data-locale-segment), and the names
// of the offer page's after-paint loader and the attribute it sets (data-after-paint-loader,
// data-painted-attribute, from src/build/after-paint-scripts.ts).

interface Ad {
  title: string;
  imageUrl: string;
  linkUrl: string;
}

const isAd = (value: unknown): value is Ad => {
  const ad = value as Partial<Ad> | null;
  return typeof ad?.title === 'string' && typeof ad.imageUrl === 'string' && typeof ad.linkUrl === 'string';
};

/** The ad's image as the browser must load it: apiImageSrc's rule, with the frame's values. */
function adImageSrc(frame: HTMLElement, url: string): string {
  const { apiImagePath, apiImageSrc } = frame.dataset;
  return apiImagePath && apiImageSrc && url.startsWith(apiImagePath)
    ? apiImageSrc + url.slice(apiImagePath.length)
    : url;
}

/** The ad's link: one to the site's own pages stays in the page's language (localePath's rule, with the frame's data-locale-segment). */
function adHref(frame: HTMLElement, url: string): string {
  const segment = frame.dataset.localeSegment;
  if (!segment || !url.startsWith('/') || url.startsWith('//')) return url;
  return url === '/' || url.startsWith('/?') || url.startsWith('/#')
    ? `/${segment}${url.slice(1)}`
    : `/${segment}${url}`;
}

/** The API's ads, and whether they are house ads (source 'house') rather than the ad proxy's. */
async function fetchAds(adsUrl: string): Promise<{ ads: Ad[]; house: boolean }> {
  const response = await fetch(adsUrl);
  if (!response.ok) return { ads: [], house: false };
  const body = (await response.json()) as { source?: string; data?: unknown[] };
  return { ads: body.data?.filter(isAd) ?? [], house: body.source === 'house' };
}

/** A house ad's words in the page's language: the frame's template for its link (AdFrame.astro), if it has one. */
const houseAdWords = (frame: HTMLElement, linkUrl: string) =>
  [...frame.querySelectorAll<HTMLTemplateElement>('template[data-house-ad]')].find(
    (template) => template.dataset.houseAd === linkUrl,
  );

/** The attribute BaseLayout.astro's first script and session-boot.ts keep on <html> while the browser holds a session (HAS_SESSION_ATTRIBUTE). */
const hasSession = () => document.documentElement.hasAttribute('data-has-session');

/**
 * Runs `run` at once, or, on a page whose scripts wait for its largest image to be on screen (the
 * offer page's loader, src/build/after-paint-scripts.ts: data-after-paint-loader names its
 * attribute), once the loader has set data-painted-attribute's attribute on <html>.
 */
function whenPainted(frame: HTMLElement, run: () => void) {
  const { afterPaintLoader, paintedAttribute } = frame.dataset;
  const root = document.documentElement;
  if (
    !afterPaintLoader ||
    !paintedAttribute ||
    !document.querySelector(`script[${afterPaintLoader}]`) ||
    root.hasAttribute(paintedAttribute)
  ) {
    run();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(paintedAttribute)) return;
    observer.disconnect();
    run();
  });
  observer.observe(root, { attributes: true, attributeFilter: [paintedAttribute] });
}

export function refreshAdFrames() {
  const frames = document.querySelectorAll<HTMLElement>('[data-ad-frame]');
  if (!frames.length) return;
  // After the page has loaded and painted (its largest image, where the page waits for it), so the
  // ad never competes with the page's own content.
  const run = () =>
    frames.forEach(async (frame) => {
      const signedIn = hasSession();
      const adsUrl = signedIn ? frame.dataset.adsUrlSignedIn : frame.dataset.adsUrl;
      const guestOnly = new Set(frame.dataset.guestOnlyPaths?.split(' '));
      const { ads, house } = adsUrl
        ? await fetchAds(adsUrl).catch(() => ({ ads: [], house: false }))
        : { ads: [], house: false };
      const ad = ads.find((candidate) => !signedIn || !guestOnly.has(candidate.linkUrl));
      const link = frame.querySelector<HTMLAnchorElement>('[data-ad-link]');
      const image = frame.querySelector<HTMLImageElement>('[data-ad-image]');
      if (!ad || !link || !image) return; // the build's ad stays (invisible, in its place, if it is for guests)
      link.href = adHref(frame, ad.linkUrl);
      link.toggleAttribute('data-for-guests', guestOnly.has(ad.linkUrl));
      link.querySelector('[data-house-ad-words]')?.remove();
      const words = house ? houseAdWords(frame, ad.linkUrl) : undefined;
      if (words) link.append(words.content.cloneNode(true));
      else {
        image.src = adImageSrc(frame, ad.imageUrl);
        image.alt = ad.title;
      }
      image.hidden = Boolean(words);
      link.hidden = false;
    });
  // A frame's callbacks run before its paint, and a task queued from one after it: on a fast
  // connection the page loads before its first paint, and the ad would still be drawn with it.
  const runAfterPaint = () => requestAnimationFrame(() => setTimeout(() => whenPainted(frames[0]!, run), 0));
  if (document.readyState === 'complete') runAfterPaint();
  else addEventListener('load', runAfterPaint, { once: true });
}
