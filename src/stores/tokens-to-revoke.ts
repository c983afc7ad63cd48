// Session tokens whose logout did not reach the server (offline, or the server down): kept in
// localStorage until a later logout call gets through, at the next page load or when the browser is
// back online, so that a token signed out of here does not stay good on the server for 30 days.
// Apart from session-calls.ts, so that every page can see whether anything is owed without loading
// the API client (src/page-scripts/session-boot.ts).
import { persistentAtom } from '@nanostores/persistent';

export const TOKENS_TO_REVOKE_STORAGE_KEY = 'offerlanka:tokensToRevoke';
/** A browser offline through many sign-ins keeps only the latest; the server's tokens expire on their own. */
export const TOKENS_TO_REVOKE_KEPT = 20;

/** Storage is the visitor's to edit: only a list of non-empty strings is read. */
function decodeTokens(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((token): token is string => typeof token === 'string' && token.length > 0)
      .slice(-TOKENS_TO_REVOKE_KEPT);
  } catch {
    return [];
  }
}

export const $tokensToRevoke = persistentAtom<string[]>(TOKENS_TO_REVOKE_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeTokens,
});

/** Keeps a token whose logout could not be sent, to send it later. */
export function keepTokenToRevoke(token: string): void {
  const kept = $tokensToRevoke.get().filter((other) => other !== token);
  $tokensToRevoke.set([...kept, token].slice(-TOKENS_TO_REVOKE_KEPT));
}

/** Drops a token once its logout reached the server. */
export function forgetTokenToRevoke(token: string): void {
  const kept = $tokensToRevoke.get();
  if (kept.includes(token)) $tokensToRevoke.set(kept.filter((other) => other !== token));
}

/**
 * Calls `send` now if any token is owed, and again each time `events` (the window) says the browser
 * is online. Returns the function that stops listening.
 */
export function revokeKeptTokensWhenOnline(send: () => unknown, events: EventTarget = window): () => void {
  const sendIfOwed = () => {
    if ($tokensToRevoke.get().length > 0) void send();
  };
  sendIfOwed();
  events.addEventListener('online', sendIfOwed);
  return () => events.removeEventListener('online', sendIfOwed);
}
