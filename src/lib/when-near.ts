// A part of the page below the first screen gets its code as the visitor nears it, as Astro's
// client:visible islands do: a phone that never scrolls there loads and runs none of it.

/** How far ahead of the screen a part counts as near: one screen's height. */
const AHEAD = '100% 0px';

/** Elements that are never drawn. */
const UNDRAWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK', 'META']);

/**
 * The element itself, or for one hidden until its code fills it, the closest element before it that
 * is drawn: told by tags and the hidden attribute, since asking for boxes would lay out the page.
 */
function drawnPlaceOf(element: Element): Element {
  if (!(element as HTMLElement).hidden) return element;
  for (let at = element.previousElementSibling; at; at = at.previousElementSibling)
    if (!UNDRAWN.has(at.tagName) && !(at as HTMLElement).hidden) return at;
  return element.parentElement ?? element;
}

/** Resolves once `element` is within a screen of the visible part of the page (at once where IntersectionObserver is missing). */
export function whenNear(element: Element): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver !== 'function') return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(drawnPlaceOf(element));
  });
}
