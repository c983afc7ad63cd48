// Where the offer is used: online, in store, or both, from the banks' wording.
import type { Channel } from '../../../contract/eligibility.ts';
import { forMatching } from './text.ts';

const ONLINE =
  /\bonline\b|\bon (?:the|their|our) (?:web\s?site|app)\b|\bweb\s?site\b|\b(?:via|through|using) the (?:mobile )?app\b|\bmobile app\b|\be-?commerce\b|\bwww\.|https?:\/\/|\binternet\b/g;
const IN_STORE =
  /\bin[- ]?stores?\b|\bat (?:the |all |selected |participating )?(?:outlets?|branch(?:es)?|stores?|restaurants?|showrooms?|shops?|counters?)\b|\bdine[- ]in\b|\bwalk[- ]in\b|\bover the counter\b|\bpos\b/g;
/** 'Not valid for online transactions' says where the offer is not used. */
const NEGATED = /\b(?:not|excluding|except|excludes?)\b[^.;]{0,25}$/;

function says(words: string, pattern: RegExp): boolean {
  return [...words.matchAll(pattern)].some((match) => !NEGATED.test(words.slice(0, match.index)));
}

/** 'online' (online, on the website, via the app, e-commerce, www.), 'inStore' (in-store, at the outlets, at all branches, dine-in), 'both', or null when the text says neither. */
export function readChannel(text: string): Channel | null {
  const words = forMatching(text);
  const online = says(words, ONLINE);
  const inStore = says(words, IN_STORE);
  if (online && inStore) return 'both';
  if (online) return 'online';
  return inStore ? 'inStore' : null;
}
