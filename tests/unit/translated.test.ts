// An offer's or category's text in the page's language (src/lib/translated.ts): the given Sinhala or
// Tamil, else the English marked lang="en"; English pages never mark it.
import { describe, expect, it } from 'vitest';
import { categoryName, localText } from '../../src/lib/translated.ts';

const offer = {
  header: '20% off lunch',
  label: 'Weekday lunch',
  translations: { si: { header: 'දිවා ආහාරයට 20% වට්ටම්', label: '' } },
};

describe('localText', () => {
  it('gives the English on English pages, unmarked, whatever translations there are', () => {
    expect(localText(offer, 'header', 'en')).toEqual({ text: '20% off lunch', lang: undefined });
  });

  it("gives the page language's text where given, unmarked", () => {
    expect(localText(offer, 'header', 'si')).toEqual({ text: 'දිවා ආහාරයට 20% වට්ටම්', lang: undefined });
  });

  it('falls back to the English marked lang="en" for a missing language, field, or empty text', () => {
    expect(localText(offer, 'header', 'ta')).toEqual({ text: '20% off lunch', lang: 'en' });
    expect(localText(offer, 'label', 'si')).toEqual({ text: 'Weekday lunch', lang: 'en' });
    expect(localText({ header: 'x' }, 'header', 'si')).toEqual({ text: 'x', lang: 'en' });
  });

  it('names a category in the language, or in English', () => {
    const dining = { categoryName: 'Dining', translations: { ta: { categoryName: 'உணவகங்கள்' } } };
    expect(categoryName(dining, 'ta')).toBe('உணவகங்கள்');
    expect(categoryName(dining, 'si')).toBe('Dining');
  });
});
