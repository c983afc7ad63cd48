// A message with an element inside: the islands' parts and the pages' text around one element.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messageParts, slot } from '../../src/islands/ui/message-parts.tsx';
import { aroundSlot } from '../../src/islands/ui/message-slots.ts';

describe('message parts', () => {
  it("puts each element where its marker stands, in the message's own order", () => {
    const text = `Sent to ${slot(1)}: the code is ${slot(0)}.`;
    const parts = messageParts(text, [
      createElement('strong', null, '123456'),
      createElement('b', null, '077 123 4567'),
    ]);
    expect(renderToStaticMarkup(createElement('p', null, parts))).toBe(
      '<p>Sent to <b>077 123 4567</b>: the code is <strong>123456</strong>.</p>',
    );
  });

  it('gives a page the text before and after its one element', () => {
    expect(aroundSlot(`Have an account? ${slot(0)} instead.`)).toEqual(['Have an account? ', ' instead.']);
    expect(aroundSlot(`${slot(0)} first`)).toEqual(['', ' first']);
    expect(aroundSlot('No element here')).toEqual(['No element here', '']);
  });
});
