// The translations (messages/, docs/i18n.md): every English message exists in each language, with
// the same placeholders, and no language has a message English lacks. The messages are split into
// files by area (project.inlang/settings.json lists them); a key lives in one file only, and an
// area's keys carry its name, so that the compiled messages never silently take one over another.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_LOCALES } from '../../src/contract/limits.ts';

const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as {
  baseLocale: string;
  locales: string[];
  'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const patterns = settings['plugin.inlang.messageFormat'].pathPattern;
/** The key prefix of an area's file: messages/team/… keys start with 'team_', messages/errors/… with 'error_'. */
const areaPrefix = (pattern: string) => {
  const area = /^\.\/messages\/(\w+)\/\{locale\}\.json$/.exec(pattern)?.[1];
  return area === undefined ? undefined : area === 'errors' ? 'error_' : `${area}_`;
};
const fileMessages = (pattern: string, locale: string) => {
  const { $schema: _schema, ...messages } = JSON.parse(
    readFileSync(pattern.replace('{locale}', locale), 'utf8'),
  ) as Record<string, string>;
  return messages;
};
const messagesOf = (locale: string) =>
  Object.assign({}, ...patterns.map((pattern) => fileMessages(pattern, locale))) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const english = messagesOf(settings.baseLocale);
const others = settings.locales.filter((locale) => locale !== settings.baseLocale);

describe('translations', () => {
  it('cover English, Sinhala and Tamil', () => {
    expect(settings.baseLocale).toBe('en');
    expect(others.sort()).toEqual(['si', 'ta']);
    // Offer texts and category names are given in the same languages (the contract's own list).
    expect([...TRANSLATED_LOCALES].sort()).toEqual(others.sort());
  });

  it("keep each key in one file, an area file's keys named by its area", () => {
    for (const locale of settings.locales) {
      const seen = new Map<string, string>();
      for (const pattern of patterns) {
        const prefix = areaPrefix(pattern);
        for (const key of Object.keys(fileMessages(pattern, locale))) {
          expect(seen.get(key), `${key} in ${pattern} and ${seen.get(key)}`).toBeUndefined();
          seen.set(key, pattern);
          if (prefix) expect(key.startsWith(prefix), `${key} in ${pattern}`).toBe(true);
          else
            expect(
              patterns.some((other) => areaPrefix(other) && key.startsWith(areaPrefix(other)!)),
              `${key} in ${pattern} takes an area's prefix`,
            ).toBe(false);
        }
      }
    }
  });

  for (const locale of others) {
    it(`${locale} has every English message, no other, none empty, with the same placeholders`, () => {
      for (const pattern of patterns) {
        const source = fileMessages(pattern, settings.baseLocale);
        const translated = fileMessages(pattern, locale);
        expect(
          Object.keys(translated).filter((key) => !(key in source)),
          `${pattern}: not in English`,
        ).toEqual([]);
        expect(
          Object.keys(source).filter((key) => !(key in translated)),
          `${pattern}: missing`,
        ).toEqual([]);
      }
      const translated = messagesOf(locale);
      for (const [key, text] of Object.entries(english)) {
        expect(translated[key]!.trim(), key).not.toBe('');
        expect(placeholders(translated[key]!), key).toEqual(placeholders(text));
      }
    });
  }
});
