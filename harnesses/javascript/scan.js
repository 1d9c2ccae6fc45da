"use strict";
// Where one top-level string member of a JSON object is, found in the payload's bytes without
// parsing the rest: the harness takes the nonce out of the payload before the payload becomes a
// JavaScript string, so the nonce is never a string in the heap the solution shares (a heap
// snapshot shows strings, not the bytes of buffers). JSON's structural characters are ASCII,
// and no byte of a multi-byte UTF-8 character is, so scanning bytes is scanning characters.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const SPACES = new Set([0x20, 0x09, 0x0a, 0x0d]);

// The index of the quote closing the string that starts at `start`, or -1.
function stringEnd(bytes, start) {
  for (let k = start + 1; k < bytes.length; k++) {
    const c = bytes[k];
    if (c === BACKSLASH) k++;
    else if (c === QUOTE) return k;
  }
  return -1;
}

function skipSpace(bytes, k) {
  while (k < bytes.length && SPACES.has(bytes[k])) k++;
  return k;
}

function decoded(bytes, start, end) {
  try {
    return JSON.parse(bytes.toString("utf8", start, end));
  } catch {
    return null;
  }
}

// [start, end) of the characters of the string value of `key` in the outermost object (without
// its quotes), or null (absent, not a string, or bytes that are not JSON: the parse reports it).
function topLevelStringRange(bytes, key) {
  let depth = 0;
  for (let k = 0; k < bytes.length; k++) {
    const c = bytes[k];
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
    if (c !== QUOTE) continue;
    const end = stringEnd(bytes, k);
    if (end < 0) return null;
    const colon = skipSpace(bytes, end + 1);
    if (depth === 1 && bytes[colon] === COLON && decoded(bytes, k, end + 1) === key) {
      const value = skipSpace(bytes, colon + 1);
      if (bytes[value] !== QUOTE) return null;
      const valueEnd = stringEnd(bytes, value);
      return valueEnd < 0 ? null : [value + 1, valueEnd];
    }
    k = end;
  }
  return null;
}

// The string value itself (tests; the harness keeps the nonce's bytes instead).
function topLevelString(text, key) {
  const bytes = Buffer.from(text, "utf8");
  const range = topLevelStringRange(bytes, key);
  return range === null ? null : decoded(bytes, range[0] - 1, range[1] + 1);
}

module.exports = { topLevelStringRange, topLevelString };
