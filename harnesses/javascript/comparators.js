"use strict";
// The comparators of docs/functions.md over JSON values. The harness only uses them for the
// visible cases' pass/fail; the host (harnesses/python/comparators.py) has the final word.

const FLOAT_TOLERANCE = 1e-6;

function exact(got, expected) {
  if (got === expected) return true;
  if (Array.isArray(got) && Array.isArray(expected)) {
    return got.length === expected.length && got.every((item, k) => exact(item, expected[k]));
  }
  if (isObject(got) && isObject(expected)) {
    const keys = Object.keys(expected);
    if (Object.keys(got).length !== keys.length) return false;
    return keys.every((key) => Object.hasOwn(got, key) && exact(got[key], expected[key]));
  }
  return false;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// Absolute tolerance below 1, relative above; element-wise inside arrays.
function float(got, expected) {
  if (typeof got === "number" && typeof expected === "number") {
    return Math.abs(got - expected) <= FLOAT_TOLERANCE * Math.max(1, Math.abs(expected));
  }
  if (Array.isArray(got) && Array.isArray(expected)) {
    return got.length === expected.length && got.every((item, k) => float(item, expected[k]));
  }
  return exact(got, expected);
}

// A canonical text of a JSON value (object keys sorted), the key of multiset comparisons.
function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value === undefined ? null : value);
}

function sortedKeys(items) {
  return items.map(canonical).sort();
}

function unordered(got, expected) {
  if (!Array.isArray(got) || !Array.isArray(expected)) return exact(got, expected);
  return exact(sortedKeys(got), sortedKeys(expected));
}

function unorderedNested(got, expected) {
  if (!Array.isArray(got) || !Array.isArray(expected)) return exact(got, expected);
  const inner = (items) =>
    items.map((item) => (Array.isArray(item) ? "[" + sortedKeys(item).join(",") + "]" : item));
  return unordered(inner(got), inner(expected));
}

function set(got, expected) {
  if (!Array.isArray(got) || !Array.isArray(expected)) return exact(got, expected);
  const a = new Set(got.map(canonical));
  const b = new Set(expected.map(canonical));
  return a.size === b.size && [...a].every((key) => b.has(key));
}

// Level orders equal once trailing nulls (which carry no node) are dropped.
function tree(got, expected) {
  if (!Array.isArray(got) || !Array.isArray(expected)) return exact(got, expected);
  return exact(withoutTrailingNulls(got), withoutTrailingNulls(expected));
}

function withoutTrailingNulls(values) {
  let end = values.length;
  while (end > 0 && values[end - 1] === null) end--;
  return values.slice(0, end);
}

const COMPARATORS = {
  exact,
  float,
  unordered,
  "unordered-nested": unorderedNested,
  set,
  // Results are already serialised lists, so this is an exact comparison.
  linkedlist: exact,
  tree,
};

// The comparator function for a manifest's `comparator` name (validators: none, the host
// decides, and their cases never carry an expected value).
function comparatorFor(name) {
  const comparator = COMPARATORS[name || "exact"];
  if (comparator) return comparator;
  if (String(name).startsWith("validator:")) return null;
  throw new Error(`unknown comparator ${JSON.stringify(name)}`);
}

module.exports = { comparatorFor, canonical };
