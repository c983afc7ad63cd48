// What a page tells the service worker when an offer is viewed (src/islands/recent-strips-offline.ts):
// to keep the recently-viewed strips' code of the page's language, which the build listed
// (src/server/site/service-worker.ts), so that home and bank pages draw their strips offline.
export const KEEP_RECENT_STRIPS_MESSAGE = 'OFFERLANKA_KEEP_RECENT_STRIPS';

export interface KeepRecentStripsMessage {
  type: typeof KEEP_RECENT_STRIPS_MESSAGE;
  /** The page's language: each has its own build of the strips. */
  locale: string;
}
