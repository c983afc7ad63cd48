// Reads a value written as a JavaScript literal in a page's inline script (`var offers = [{cat: "18", …}];`):
// JSON, and what JSON refuses but a script may hold — unquoted and single-quoted keys, single-quoted
// strings, comments, trailing commas. Nothing is evaluated: an expression that is not a literal
// (a call, a variable, a sum) is refused with its position.

/** Why a script's literal could not be read, with its position in the text. */
export class LiteralError extends Error {
  override readonly name = 'LiteralError';
}

/**
 * The literal that starts at `start` in text (after whitespace and comments), and where it ends.
 * Throws a LiteralError on anything but objects, arrays, strings, numbers, true, false, null and undefined.
 */
export function readJsLiteral(text: string, start: number): { value: unknown; end: number } {
  let at = start;

  const fail = (what: string): never => {
    throw new LiteralError(`${what} at character ${at} ('${text.slice(at, at + 20)}')`);
  };

  function skipSpace() {
    for (;;) {
      while (at < text.length && /\s/.test(text[at]!)) at++;
      if (text.startsWith('//', at)) {
        const end = text.indexOf('\n', at);
        at = end === -1 ? text.length : end + 1;
      } else if (text.startsWith('/*', at)) {
        const end = text.indexOf('*/', at + 2);
        if (end === -1) fail('an unclosed comment');
        at = end + 2;
      } else {
        return;
      }
    }
  }

  function readString(): string {
    const quote = text[at]!;
    at++;
    let value = '';
    while (at < text.length && text[at] !== quote) {
      const char = text[at]!;
      if (quote === '`' && char === '$' && text[at + 1] === '{') fail('a template with a substitution');
      if (char !== '\\') {
        if (quote !== '`' && (char === '\n' || char === '\r')) fail('a line break inside a string');
        value += char;
        at++;
        continue;
      }
      const escaped = text[at + 1];
      at += 2;
      switch (escaped) {
        case 'n':
          value += '\n';
          break;
        case 't':
          value += '\t';
          break;
        case 'r':
          value += '\r';
          break;
        case 'b':
          value += '\b';
          break;
        case 'f':
          value += '\f';
          break;
        case 'v':
          value += '\v';
          break;
        case '0':
          value += '\0';
          break;
        case 'x':
          value += codePoint(text.slice(at, at + 2), 2);
          at += 2;
          break;
        case 'u': {
          if (text[at] === '{') {
            const end = text.indexOf('}', at);
            if (end === -1) fail('an unclosed \\u{…} escape');
            value += codePoint(text.slice(at + 1, end), -1);
            at = end + 1;
          } else {
            value += codePoint(text.slice(at, at + 4), 4);
            at += 4;
          }
          break;
        }
        // A backslash before a line break continues the string on the next line.
        case '\r':
          if (text[at] === '\n') at++;
          break;
        case '\n':
          break;
        case undefined:
          fail('an unclosed string');
          break;
        default:
          value += escaped;
      }
    }
    if (at >= text.length) fail('an unclosed string');
    at++;
    return value;
  }

  function codePoint(hex: string, length: number): string {
    if (!/^[0-9a-f]+$/i.test(hex) || (length > 0 && hex.length !== length)) fail('a bad escape');
    return String.fromCodePoint(parseInt(hex, 16));
  }

  function readKey(): string {
    const char = text[at];
    if (char === '"' || char === "'") return readString();
    const word = /^[A-Za-z_$][\w$]*|^\d+/.exec(text.slice(at, at + 200))?.[0];
    if (!word) return fail('a key');
    at += word.length;
    return word;
  }

  function readValue(): unknown {
    skipSpace();
    const char = text[at];
    if (char === '{') {
      at++;
      const object: Record<string, unknown> = {};
      for (;;) {
        skipSpace();
        if (text[at] === '}') {
          at++;
          return object;
        }
        const key = readKey();
        skipSpace();
        if (text[at] !== ':') fail("a ':' after a key");
        at++;
        object[key] = readValue();
        skipSpace();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return object;
        }
        fail("a ',' or '}' in an object");
      }
    }
    if (char === '[') {
      at++;
      const array: unknown[] = [];
      for (;;) {
        skipSpace();
        if (text[at] === ']') {
          at++;
          return array;
        }
        array.push(readValue());
        skipSpace();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return array;
        }
        fail("a ',' or ']' in an array");
      }
    }
    if (char === '"' || char === "'" || char === '`') return readString();
    const rest = text.slice(at, at + 40);
    const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest)?.[0];
    if (number) {
      at += number.length;
      return Number(number);
    }
    const word = /^(?:true|false|null|undefined)\b/.exec(rest)?.[0];
    if (word) {
      at += word.length;
      return { true: true, false: false, null: null, undefined }[word];
    }
    return fail('a value that is not a literal');
  }

  const value = readValue();
  return { value, end: at };
}
