// Ads from the configured ad proxy (PUBLIC_AD_PROXY_URL), passed on only with safe URLs.
import { safeUrl } from '../../contract/safe-url.ts';

const AD_PROXY_TIMEOUT_MS = 2_000;

/** A proxy's ad is passed on unless its image or link URL is not http(s) or a site path. */
const hasSafeUrls = (ad: unknown) =>
  ['imageUrl', 'linkUrl'].every((key) => {
    const url = (ad as Record<string, unknown> | null)?.[key];
    return typeof url !== 'string' || safeUrl(url) !== undefined;
  });

/** The proxy's ads, or undefined when it fails or answers something else (the caller then serves house ads). */
export async function fetchProxyAds(proxyUrl: string, query: { placement: string; ad_space: string; count: number }) {
  try {
    const url = new URL(proxyUrl);
    url.searchParams.set('placement', query.placement);
    url.searchParams.set('ad_space', query.ad_space);
    url.searchParams.set('count', String(query.count));
    const response = await fetch(url, { signal: AbortSignal.timeout(AD_PROXY_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: unknown };
    return Array.isArray(body.data) ? body.data.filter(hasSafeUrls).slice(0, query.count) : undefined;
  } catch (error) {
    console.error('[ads] proxy failed, serving house ads:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
