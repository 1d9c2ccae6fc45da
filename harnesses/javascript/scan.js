"use strict";
// The value of one top-level string member of a JSON object, found without parsing the rest:
// the harness's main thread needs only the nonce, and the cases can be megabytes (parsing
// them there too cost a fifth of a stress run's CPU and a third of its memory).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

// The index of the quote closing the string that starts at `start`, or -1.
function stringEnd(text, start) {
  for (let k = start + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k++;
    else if (c === QUOTE) return k;
  }
  return -1;
}

function skipSpace(text, k) {
  while (k < text.length && /\s/.test(text[k])) k++;
  return k;
}

// The string value of `key` in the outermost object, or null (absent, not a string, or text
// that is not JSON: the worker's parse reports that).
function topLevelString(text, key) {
  let depth = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
    if (c !== QUOTE) continue;
    const end = stringEnd(text, k);
    if (end < 0) return null;
    const colon = skipSpace(text, end + 1);
    if (depth === 1 && text[colon] === ":" && JSON.parse(text.slice(k, end + 1)) === key) {
      const value = skipSpace(text, colon + 1);
      if (text.charCodeAt(value) !== QUOTE) return null;
      const valueEnd = stringEnd(text, value);
      return valueEnd < 0 ? null : JSON.parse(text.slice(value, valueEnd + 1));
    }
    k = end;
  }
  return null;
}

module.exports = { topLevelString };
