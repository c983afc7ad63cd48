// The translations (messages/{locale}.json, docs/i18n.md): every English message exists in each
// language, with the same placeholders, and no language has a message English lacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as { baseLocale: string; locales: string[] };
const messagesOf = (locale: string) => {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>;
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const english = messagesOf(settings.baseLocale);
const others = settings.locales.filter((locale) => locale !== settings.baseLocale);

describe('translations', () => {
  it('cover English, Sinhala and Tamil', () => {
    expect(settings.baseLocale).toBe('en');
    expect(others.sort()).toEqual(['si', 'ta']);
  });

  for (const locale of others) {
    it(`${locale} has every English message, no other, none empty, with the same placeholders`, () => {
      const translated = messagesOf(locale);
      expect(Object.keys(translated).filter((key) => !(key in english)), 'not in English').toEqual([]);
      expect(Object.keys(english).filter((key) => !(key in translated)), 'missing').toEqual([]);
      for (const [key, text] of Object.entries(english)) {
        expect(translated[key]!.trim(), key).not.toBe('');
        expect(placeholders(translated[key]!), key).toEqual(placeholders(text));
      }
    });
  }
});
