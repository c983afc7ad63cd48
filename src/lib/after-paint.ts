// A yield to the browser until it has painted: a press's first answer (a spinner, skeletons) shows
// before the heavier work its handler started (drawing a page of cards) takes the main thread.
// Where no frame comes (a hidden tab, a test without a browser), it resolves after a short wait.
import { CLIENT_ERROR_TEXTS, NOTICE_DURATION_MS } from './constants.ts';
import { noticeHost } from './notice-host.ts';

const NO_FRAME_WAIT_MS = 100;

export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, NO_FRAME_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Code a press needs (a dialog's), asked for once the press has painted (INP): asking appends a
 * preload link for each of the code's files and its stylesheet, tens of milliseconds on a slow phone.
 */
export const loadAfterPaint = <T>(load: () => Promise<T>): Promise<T> => afterNextPaint().then(load);

/** As loadAfterPaint, then `open` with the code; if the code does not load, the visitor reads why. */
export function openAfterPaint<T>(load: () => Promise<T>, open: (code: T) => void): void {
  loadAfterPaint(load).then(open, showLoadFailure);
}

export const LOAD_FAILURE_ID = 'load-failure';

/**
 * A press whose code did not load (the connection dropped, or a newer build replaced the page's
 * files) says so, rather than doing nothing. Plain DOM: React's own code may be what failed to load.
 * The alert goes after NOTICE_DURATION_MS, or when pressed.
 */
export function showLoadFailure(error: unknown): void {
  console.error('This control’s code did not load', error);
  document.getElementById(LOAD_FAILURE_ID)?.remove();
  const alert = document.createElement('p');
  alert.id = LOAD_FAILURE_ID;
  alert.className = 'load-failure';
  alert.setAttribute('role', 'alert');
  alert.addEventListener('click', () => alert.remove());
  noticeHost().append(alert);
  // The text comes after the empty region is in the page, so that screen readers announce it.
  setTimeout(() => {
    alert.textContent = CLIENT_ERROR_TEXTS.network;
  }, 0);
  setTimeout(() => alert.remove(), NOTICE_DURATION_MS);
}
