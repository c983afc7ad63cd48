// Reading the banks' offer wording where a page gives only prose (Pan Asia's card backs, Cargills
// Bank's alt texts and captions): its sentences, and the merchant a sentence names after 'at'.
import { cleanText } from './shared.ts';

/** A line's sentences: a stop followed by a capital ('Rs. 5,000' and '/-.' inside a sentence stay). */
export function sentencesOf(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z"“(])/)
    .map(cleanText)
    .filter(Boolean);
}

/**
 * The merchant a sentence names after 'at', up to the words that follow a name in the banks'
 * wording ('with your …', 'every Thursday', 'on 10th …'), a comma or dash, or the sentence's end.
 * A name starts with a capital or a digit, or is a web address: 'at checkout', 'at participating
 * outlets' are not names.
 */
export function merchantAfterAt(sentence: string): string | undefined {
  const match =
    /\bat\s+((?:[A-Z0-9]|www\.)(?:[^.!?]|\.(?=[A-Za-z0-9])){0,80}?)(?:\s+(?:with|for|from|when|on|every|using|this|till|until|during|valid|via|and\s+get)\b|\s*[,;:–—]|[.!?]?\s*$)/.exec(
      sentence,
    );
  return match ? cleanText(match[1]) || undefined : undefined;
}
