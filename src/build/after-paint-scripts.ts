// A page's module scripts start once its first frame, with its largest image, has painted
// (BaseLayout's scriptsAfterPaint, which the offer page sets). Astro writes each component's
// <script> as <script type="module" src="/_astro/…">, which the browser fetches at high priority
// and, on a fast connection, runs before its first paint: on a slow phone the offer showed only
// after the page's code had loaded and run. The site's middleware (src/middleware.ts) takes those
// tags out of each page and lists their files on the loader that BaseLayout.astro writes last in
// <body>; the loader adds them, in order, after the first frame. Nothing else changes: the scripts
// are the same files, allowed by the policy's 'self'.

/** The loader's element: its script lists the page's module scripts here, as a JSON array. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint-scripts';

/**
 * How long the scripts wait for the page's largest image (img[fetchpriority=high], the offer's
 * banner) before they start anyway: a stalled image must not keep the page's controls from working.
 */
export const LARGEST_IMAGE_WAIT_MS = 3_000;

/**
 * The loader, a classic inline script (hashed into the page's policy by BaseLayout.astro). It waits
 * for the page's largest image, loaded or failed, so that the first frame with it is painted before
 * the scripts compete for the connection; then for a frame: a frame's callbacks run before its
 * paint, and a task queued from one runs after it. async = false keeps the order the page wrote them in.
 */
export const AFTER_PAINT_LOADER = `(()=>{const l=document.currentScript;let started=false;const start=()=>{if(started)return;started=true;requestAnimationFrame(()=>setTimeout(()=>{for(const src of JSON.parse(l.getAttribute(${JSON.stringify(AFTER_PAINT_ATTRIBUTE)})||"[]")){const s=document.createElement("script");s.type="module";s.src=src;s.async=false;document.head.append(s)}},0))};const image=document.querySelector("img[fetchpriority=high]");if(image&&!image.complete){image.addEventListener("load",start);image.addEventListener("error",start);setTimeout(start,${LARGEST_IMAGE_WAIT_MS})}else start()})()`;

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;
const LOADER_TAG = new RegExp(`<script ${AFTER_PAINT_ATTRIBUTE}>`);

/** The page with its module script tags moved onto the loader; a page without the loader is left as it is. */
export function scriptsAfterPaint(html: string): string {
  if (!LOADER_TAG.test(html)) return html;
  const sources: string[] = [];
  const withoutScripts = html.replace(MODULE_SCRIPT, (_tag, src: string) => {
    sources.push(src);
    return '';
  });
  // JSON in a single-quoted attribute: each file stays in quotes, where the service worker finds a page's files.
  return withoutScripts.replace(LOADER_TAG, `<script ${AFTER_PAINT_ATTRIBUTE}='${JSON.stringify(sources)}'>`);
}
