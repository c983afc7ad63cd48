// Messages with elements inside them (a number in bold, a link): the message is asked for with a
// marker in each such placeholder and cut around the markers, so that each language keeps its own
// word order. In an island: messageParts(m.x({ email: slot(0) }), [<strong>{email}</strong>]); an
// .astro page uses aroundSlot (message-slots.ts).
import { Fragment, type ReactNode } from 'react';
import { SLOTS } from './message-slots.ts';

export { slot } from './message-slots.ts';

/** The message's text with each marker replaced by its part. */
export function messageParts(text: string, parts: readonly ReactNode[]): ReactNode {
  const pieces = text.split(SLOTS);
  return pieces.map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[Number(piece)]}</Fragment> : piece || null));
}
