// `npm run messages` (scripts/messages.mjs) compiles only when what the compiles read has changed:
// checked on a copy of the project's inputs, without compiling.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledFrom, inputsHash } from '../../scripts/messages.mjs';

const root = mkdtempSync(join(tmpdir(), 'offerlanka-messages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const copy = (path: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  cpSync(path, join(root, path), { recursive: true });
};
for (const path of [
  'messages',
  'project.inlang/settings.json',
  'project.inlang/paraglide.config.js',
  'node_modules/@inlang/paraglide-js/package.json',
  'node_modules/@inlang/plugin-message-format/package.json',
])
  copy(path);
const stamp = (inputs: string) => {
  for (const dir of ['src/paraglide', 'src/paraglide-per-message']) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, '.compiled-from'), inputs);
  }
};

describe('npm run messages', () => {
  it("finds this checkout's outputs compiled from its inputs (npm test compiled them first)", () => {
    expect(compiledFrom(inputsHash())).toBe(true);
  });

  it('compiles when an output has no stamp, or its stamp is of other inputs', () => {
    const inputs = inputsHash(root);
    expect(inputs).toBe(inputsHash());
    expect(compiledFrom(inputs, root)).toBe(false);
    stamp(inputs);
    expect(compiledFrom(inputs, root)).toBe(true);
    writeFileSync(join(root, 'src/paraglide-per-message/.compiled-from'), 'an older build');
    expect(compiledFrom(inputs, root)).toBe(false);
  });

  it('compiles again when a message, the settings or the compiler change; not for the inlang folder’s own files', () => {
    const inputs = inputsHash(root);
    stamp(inputs);
    writeFileSync(join(root, 'project.inlang/.meta.json'), '{"generated":true}');
    expect(compiledFrom(inputsHash(root), root)).toBe(true);

    const english = join(root, 'messages/pages/en.json');
    const texts = readFileSync(english, 'utf8');
    writeFileSync(english, texts.replace(/"pages_home_heading": "[^"]*"/, '"pages_home_heading": "Changed"'));
    expect(texts).toContain('"pages_home_heading"');
    expect(compiledFrom(inputsHash(root), root)).toBe(false);
    writeFileSync(english, texts);
    expect(compiledFrom(inputsHash(root), root)).toBe(true);

    const compiler = join(root, 'node_modules/@inlang/paraglide-js/package.json');
    writeFileSync(compiler, readFileSync(compiler, 'utf8').replace(/"version": "[^"]*"/, '"version": "0.0.0"'));
    expect(compiledFrom(inputsHash(root), root)).toBe(false);
  });
});
