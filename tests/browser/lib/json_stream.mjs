// A streaming JSON reader for the structural checker: reads a file in 1 MiB chunks and parses it
// by recursive descent, keeping the text of each number it reads (the checker needs how `ts` was
// written, not only its value). Memory: one chunk plus the value being built.
import { closeSync, openSync, readSync } from 'node:fs';

const kChunkBytes = 1 << 20;
const kMaxDepth = 512;
const kNumberPattern = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a, NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b, CLOSE_BRACE = 0x7d, OPEN_BRACKET = 0x5b, CLOSE_BRACKET = 0x5d;

function isWhitespace(byte) {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
function isNumberByte(byte) {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || byte === 0x65 || byte === 0x45;
}

/// Sets object[key] as JSON.parse would, "__proto__" included (an own member, not the prototype).
export function setMember(object, key, value) {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/// A JSON syntax error, with the 1-based line and the byte offset where it was found.
export class JsonSyntaxError extends Error {}

/// Reads one JSON text from a file. `lastNumberText` holds the text of the last number read.
export class JsonFileReader {
  constructor(file) {
    this.fd = openSync(file, 'r');
    this.buffer = Buffer.alloc(kChunkBytes);
    this.pos = 0;
    this.end = 0;
    this.consumed = 0;  // bytes of the file before buffer[0]
    this.line = 1;
    this.depth = 0;
    this.lastNumberText = '';
  }

  close() {
    closeSync(this.fd);
  }

  // Reads the next chunk once buffer[pos..end) is used up; false at the end of the file.
  refill() {
    if (this.pos < this.end) return true;
    this.consumed += this.end;
    this.end = readSync(this.fd, this.buffer, 0, this.buffer.length, null);
    this.pos = 0;
    return this.end > 0;
  }

  fail(what) {
    throw new JsonSyntaxError(`JSON syntax error at line ${this.line}, byte ${this.consumed + this.pos}: ${what}`);
  }

  /// The next byte that is not white space, not consumed; -1 at the end of the file.
  peek() {
    for (;;) {
      if (this.pos >= this.end && !this.refill()) return -1;
      const byte = this.buffer[this.pos];
      if (!isWhitespace(byte)) return byte;
      if (byte === NEWLINE) ++this.line;
      ++this.pos;
    }
  }

  expect(byte) {
    if (this.peek() !== byte) this.fail(`expected '${String.fromCharCode(byte)}'`);
    ++this.pos;
  }

  /// Consumes `byte` (after white space) if it is next; says whether it was.
  accept(byte) {
    if (this.peek() !== byte) return false;
    ++this.pos;
    return true;
  }

  /// Calls onMember(key) for each member of the object that comes next; onMember reads the value.
  readObject(onMember) {
    this.expect(OPEN_BRACE);
    if (this.accept(CLOSE_BRACE)) return;
    do {
      if (this.peek() !== QUOTE) this.fail('expected a string key');
      const key = this.readString();
      this.expect(COLON);
      onMember(key);
    } while (this.accept(COMMA));
    this.expect(CLOSE_BRACE);
  }

  /// Calls onElement(index) for each element of the array that comes next; onElement reads it.
  readArray(onElement) {
    this.expect(OPEN_BRACKET);
    if (this.accept(CLOSE_BRACKET)) return;
    let index = 0;
    do onElement(index++); while (this.accept(COMMA));
    this.expect(CLOSE_BRACKET);
  }

  /// Reads any value into plain JavaScript objects, arrays, strings, numbers, booleans and null.
  readValue() {
    const byte = this.peek();
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++this.depth > kMaxDepth) this.fail(`nesting deeper than ${kMaxDepth}`);
      let value;
      if (byte === OPEN_BRACE) {
        value = {};
        this.readObject((key) => setMember(value, key, this.readValue()));
      } else {
        value = [];
        this.readArray(() => { value.push(this.readValue()); });
      }
      --this.depth;
      return value;
    }
    if (byte === QUOTE) return this.readString();
    if (isNumberByte(byte)) return this.readNumber();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]]) {
      if (byte === word.charCodeAt(0)) {
        for (let i = 0; i < word.length; ++i) {
          if ((this.pos >= this.end && !this.refill()) || this.buffer[this.pos] !== word.charCodeAt(i)) this.fail(`expected ${word}`);
          ++this.pos;
        }
        return value;
      }
    }
    return this.fail(byte === -1 ? 'unexpected end of file' : `unexpected '${String.fromCharCode(byte)}'`);
  }

  // The bytes up to the closing quote (which is consumed), across chunks; unescaped by JSON.parse
  // only when there is a backslash.
  readString() {
    ++this.pos;  // the opening quote, which peek() has seen
    const parts = [];
    let escaped = false;
    let hasEscape = false;
    for (;;) {
      if (this.pos >= this.end) {
        if (!this.refill()) this.fail('unterminated string');
      }
      const start = this.pos;
      let at = start;
      const { buffer, end } = this;
      for (; at < end; ++at) {
        const byte = buffer[at];
        if (escaped) { escaped = false; continue; }
        if (byte === BACKSLASH) { escaped = hasEscape = true; continue; }
        if (byte === QUOTE) break;
        if (byte < 0x20) { this.pos = at; this.fail('control character in a string'); }
      }
      this.pos = at;
      if (at < end && parts.length === 0) {  // the usual case: the string lies within one chunk
        ++this.pos;
        return this.unescape(buffer.toString('utf8', start, at), hasEscape);
      }
      parts.push(Buffer.from(buffer.subarray(start, at)));  // the chunk is about to be reused
      if (at < end) break;
    }
    ++this.pos;  // the closing quote
    return this.unescape(Buffer.concat(parts).toString('utf8'), hasEscape);
  }

  unescape(text, hasEscape) {
    if (!hasEscape) return text;
    try {
      return JSON.parse(`"${text}"`);
    } catch {
      return this.fail('invalid escape in a string');
    }
  }

  readNumber() {
    let text = '';
    for (;;) {
      if (this.pos >= this.end && !this.refill()) break;
      const start = this.pos;
      while (this.pos < this.end && isNumberByte(this.buffer[this.pos])) ++this.pos;
      text += this.buffer.toString('latin1', start, this.pos);
      if (this.pos < this.end) break;
    }
    if (!kNumberPattern.test(text)) this.fail(`invalid number ${text}`);
    this.lastNumberText = text;
    return Number(text);
  }

  /// Fails unless only white space is left.
  expectEnd() {
    if (this.peek() !== -1) this.fail('text after the JSON value');
  }
}
