// A page's module scripts start once the frame with its largest image is on screen (BaseLayout's
// scriptsAfterPaint, which the offer page sets). Astro writes each component's <script> as
// <script type="module" src="/_astro/…">, which the browser fetches at high priority and, on a
// fast connection, runs before its first paint: on a slow phone the offer showed only after the
// page's code had loaded and run. The site's middleware (src/middleware.ts) takes those
// tags out of each page and lists their files on the loader that BaseLayout.astro writes last in
// <body>; the loader adds them, in order, after the first frame. Nothing else changes: the scripts
// are the same files, allowed by the policy's 'self'.

/** The loader's element: its script lists the page's module scripts here, as a JSON array. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint-scripts';

/**
 * The page's largest image (the offer's banner) carries elementtiming with this name: the browser
 * then reports when it was painted, the frame on screen (Element Timing).
 */
export const LARGEST_IMAGE_TIMING = 'largest-image';

/** Set on <html> when the loader starts the scripts: the ad frame (src/page-scripts/ad-frames.ts) waits for it too. */
export const PAINTED_ATTRIBUTE = 'data-painted';

/** How long the scripts wait for that report at most: a stalled image must not keep the page's controls from working. */
export const LARGEST_IMAGE_WAIT_MS = 3_000;

/**
 * The controls whose press needs the page's scripts: buttons, which do nothing without them, and
 * the links they change (the offer page's Save, src/page-scripts/offer-page.ts, opens the sign-in prompt or
 * is a toggle; LanguageSwitcher.astro's remember the language chosen). A plain press on one before
 * the scripts have run is held: the scripts start at once, and the press is given again to the
 * same control once they have run, instead of being lost or followed as a plain link. A control
 * the scripts replaced meanwhile (a guest's Save link that became a signed-in user's toggle) is no
 * longer in the page, and its press is dropped.
 */
export const HELD_PRESS_CONTROLS = 'button,a[data-favourite-offer],a[data-language-choice]';

/**
 * The loader, a classic inline script (hashed into the page's policy by BaseLayout.astro). It adds
 * the scripts, in order (async = false), once the browser reports the largest image painted, or
 * the first contentful paint on a page without one; a paint report comes once the frame is on
 * screen, after the paint itself, so the scripts never compete with what that frame needs. An
 * image that fails starts them at once. Where the browser has no such reports: in a task after
 * the next frame (a frame's callbacks run before its paint, a task queued from one after it).
 * The head's links waiting for the same moment (data-after-paint-href: the web app manifest) get
 * their href then. Until the last script has run (its load or error event; async = false runs them
 * in order), a press on one of HELD_PRESS_CONTROLS is held and then replayed with click().
 */
export const AFTER_PAINT_LOADER = `(()=>{const l=document.currentScript;let started=false,ready=false,held=null;const run=()=>{ready=true;if(held&&held.isConnected)held.click();held=null};const start=()=>{if(started)return;started=true;document.documentElement.setAttribute(${JSON.stringify(PAINTED_ATTRIBUTE)},"");for(const link of document.querySelectorAll("link[data-after-paint-href]"))link.setAttribute("href",link.getAttribute("data-after-paint-href"));let last=null;for(const src of JSON.parse(l.getAttribute(${JSON.stringify(AFTER_PAINT_ATTRIBUTE)})||"[]")){const s=document.createElement("script");s.type="module";s.src=src;s.async=false;document.head.append(s);last=s}if(last){last.addEventListener("load",run);last.addEventListener("error",run)}else run()};document.addEventListener("click",(event)=>{if(ready||event.button!==0||event.metaKey||event.ctrlKey||event.shiftKey||event.altKey||!event.target.closest)return;const control=event.target.closest(${JSON.stringify(HELD_PRESS_CONTROLS)});if(!control)return;event.preventDefault();event.stopImmediatePropagation();held=control;start()},true);const reported=(type,wanted)=>new PerformanceObserver((list,observer)=>{if(list.getEntries().some(wanted)){observer.disconnect();start()}}).observe({type,buffered:true});const types=self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];const image=document.querySelector('img[elementtiming="${LARGEST_IMAGE_TIMING}"]');if(image&&types.includes("element")){reported("element",(entry)=>entry.identifier===${JSON.stringify(LARGEST_IMAGE_TIMING)});image.addEventListener("error",start);if(image.complete&&!image.naturalWidth)start()}else if(types.includes("paint"))reported("paint",(entry)=>entry.name==="first-contentful-paint");else requestAnimationFrame(()=>setTimeout(start,0));setTimeout(start,${LARGEST_IMAGE_WAIT_MS})})()`;

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
