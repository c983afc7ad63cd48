// Messages with elements inside them (a number in bold, a link): the message is asked for with a
// marker in each such placeholder and cut around the markers, so that each language keeps its own
// word order. In an island: messageParts(m.x({ email: slot(0) }), [<strong>{email}</strong>]); in an
// .astro page: const [before, after] = aroundSlot(m.x({ link: slot(0) })), with the element between.
import { Fragment, type ReactNode } from 'react';

/** Private-use characters: no message or value holds them. */
const MARK = '\u{E000}';
const SLOTS = new RegExp(`${MARK}(\\d+)${MARK}`, 'u');

/** The marker of the `index`th part, passed as the placeholder's value. */
export const slot = (index: number) => `${MARK}${index}${MARK}`;

/** The message's text with each marker replaced by its part. */
export function messageParts(text: string, parts: readonly ReactNode[]): ReactNode {
  const pieces = text.split(SLOTS);
  return pieces.map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[Number(piece)]}</Fragment> : piece || null));
}

/** The text before and after the message's one marker, for markup that writes its element between them. */
export function aroundSlot(text: string): [before: string, after: string] {
  const [before = '', , after = ''] = text.split(SLOTS);
  return [before, after];
}
