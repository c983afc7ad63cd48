// A yield to the browser until it has painted: a press's first answer (a spinner, skeletons) shows
// before the heavier work its handler started (drawing a page of cards) takes the main thread.
// Where no frame comes (a hidden tab, a test without a browser), it resolves after a short wait.
const NO_FRAME_WAIT_MS = 100;

export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, NO_FRAME_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(fallback); resolve(); }, 0));
  });
}

/**
 * Code a press needs (a dialog's), asked for once the press has painted (INP): asking appends a
 * preload link for each of the code's files and its stylesheet, tens of milliseconds on a slow phone.
 */
export const loadAfterPaint = <T>(load: () => Promise<T>): Promise<T> => afterNextPaint().then(load);
