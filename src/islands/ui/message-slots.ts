// The markers of a message with elements inside (message-parts.tsx), and their plain-text side for
// .astro pages, which import no React: const [before, after] = aroundSlot(m.x({ link: slot(0) })).

/** Private-use characters: no message or value holds them. */
const MARK = '\u{E000}';
/** A marker, with the index of its part captured. */
export const SLOTS = new RegExp(`${MARK}(\\d+)${MARK}`, 'u');

/** The marker of the `index`th part, passed as the placeholder's value. */
export const slot = (index: number) => `${MARK}${index}${MARK}`;

/** The text before and after the message's one marker, for markup that writes its element between them. */
export function aroundSlot(text: string): [before: string, after: string] {
  const [before = '', , after = ''] = text.split(SLOTS);
  return [before, after];
}
