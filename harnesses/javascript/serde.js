"use strict";
// JSON values <-> the values a solution works with, per the type vocabulary of
// docs/functions.md. Everything here is iterative: a 10^5-node list or a degenerate tree must
// not use the stack the solution needs for its own recursion.

class ListNode {
  constructor(val, next) {
    this.val = val === undefined ? 0 : val;
    this.next = next === undefined ? null : next;
  }
}

class TreeNode {
  constructor(val, left, right) {
    this.val = val === undefined ? 0 : val;
    this.left = left === undefined ? null : left;
    this.right = right === undefined ? null : right;
  }
}

// LeetCode's `Node` (`_Node` in its current JavaScript templates) is two classes under one
// name: the clone-graph node `(val, neighbors)` and the random-list node `(val, next, random)`.
// One class serves both, so every field exists whatever constructor form a solution uses.
class Node {
  constructor(val, second, random) {
    this.val = val === undefined ? 0 : val;
    const graph = Array.isArray(second);
    this.neighbors = graph ? second : [];
    this.next = graph || second === undefined ? null : second;
    this.random = random === undefined ? null : random;
  }
}

function parseType(name) {
  let base = String(name);
  let depth = 0;
  while (base.endsWith("[]")) {
    base = base.slice(0, -2);
    depth += 1;
  }
  return { base, depth };
}

function elementType(type) {
  return { base: type.base, depth: type.depth - 1 };
}

// ---- JSON -> solution values -------------------------------------------------------------

function toList(values) {
  let head = null;
  for (let k = values.length - 1; k >= 0; k--) head = new ListNode(values[k], head);
  return head;
}

function toCycleList(spec) {
  const nodes = spec.values.map((v) => new ListNode(v));
  for (let k = 0; k + 1 < nodes.length; k++) nodes[k].next = nodes[k + 1];
  if (nodes.length && spec.pos >= 0) nodes[nodes.length - 1].next = nodes[spec.pos];
  return nodes.length ? nodes[0] : null;
}

function toTree(levels) {
  if (!levels.length || levels[0] === null) return null;
  const root = new TreeNode(levels[0]);
  const queue = [root];
  let head = 0;
  for (let k = 1; k < levels.length; head++) {
    const parent = queue[head];
    for (const side of ["left", "right"]) {
      if (k < levels.length && levels[k] !== null) {
        parent[side] = new TreeNode(levels[k]);
        queue.push(parent[side]);
      }
      k++;
    }
  }
  return root;
}

function toGraphNode(adjacency) {
  const nodes = adjacency.map((_, k) => new Node(k + 1, []));
  adjacency.forEach((neighbours, k) => {
    nodes[k].neighbors = neighbours.map((v) => nodes[v - 1]);
  });
  return nodes.length ? nodes[0] : null;
}

function toRandomList(pairs) {
  const nodes = pairs.map(([val]) => new Node(val, null, null));
  pairs.forEach(([, random], k) => {
    nodes[k].next = k + 1 < nodes.length ? nodes[k + 1] : null;
    nodes[k].random = random === null || random === undefined ? null : nodes[random];
  });
  return nodes.length ? nodes[0] : null;
}

const DECODERS = {
  ListNode: toList,
  TreeNode: toTree,
  GraphNode: toGraphNode,
  ListNodeCycle: toCycleList,
  ListNodeRandom: toRandomList,
};

function deserialize(value, typeName) {
  return decode(value, parseType(typeName));
}

function decode(value, type) {
  if (type.depth > 0) {
    if (!Array.isArray(value)) throw new TypeError(`expected an array, got ${typeof value}`);
    const inner = elementType(type);
    return value.map((item) => decode(item, inner));
  }
  const decoder = DECODERS[type.base];
  // Primitives, Graph (plain adjacency arrays) and unknown types are the JSON value itself.
  return decoder ? decoder(value) : value;
}

// ---- solution values -> JSON ---------------------------------------------------------------
// A returned value that cannot be read as its type (a cycle in a list, a tree reaching a node
// twice, a Map where an array was due...) becomes {"invalid": why}, as in the Python harness:
// it equals no expected value, so the case is a wrong answer rather than a crash.

class Invalid extends Error {}

function isNode(value) {
  return value !== null && typeof value === "object";
}

function chain(head) {
  const nodes = [];
  const seen = new Set();
  for (let node = head; node !== null && node !== undefined; node = node.next) {
    if (!isNode(node)) throw new Invalid(`a list node cannot be a ${typeof node}`);
    if (seen.has(node)) throw new Invalid("the returned list has a cycle");
    seen.add(node);
    nodes.push(node);
  }
  return nodes;
}

function fromList(head) {
  return chain(head).map((node) => json(node.val));
}

function fromTree(root) {
  const out = [];
  const queue = [root];
  const seen = new Set();
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    if (node === null || node === undefined) {
      out.push(null);
      continue;
    }
    if (!isNode(node)) throw new Invalid(`a tree node cannot be a ${typeof node}`);
    if (seen.has(node)) throw new Invalid("the returned tree reaches a node twice");
    seen.add(node);
    out.push(json(node.val));
    queue.push(node.left, node.right);
  }
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

// Walked from the returned node and numbered by `val` (1..n): adj[val - 1] lists the sorted
// values of that node's neighbours, so neighbour order never fails a case.
function fromGraphNode(start) {
  if (start === null || start === undefined) return [];
  const byVal = new Map();
  const seen = new Set([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    if (!isNode(node)) throw new Invalid(`a graph node cannot be a ${typeof node}`);
    if (byVal.has(node.val)) {
      throw new Invalid(`the returned graph has two nodes with val ${node.val}`);
    }
    byVal.set(node.val, node);
    for (const next of node.neighbors || []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  for (let val = 1; val <= byVal.size; val++) {
    if (!byVal.has(val)) throw new Invalid("the returned graph's vals are not 1..n");
  }
  const adjacency = [];
  for (let val = 1; val <= byVal.size; val++) {
    const values = (byVal.get(val).neighbors || []).map((n) => json(n.val));
    adjacency.push(values.sort((a, b) => a - b));
  }
  return adjacency;
}

function fromRandomList(head) {
  const nodes = chain(head);
  const index = new Map(nodes.map((node, k) => [node, k]));
  return nodes.map((node) => {
    const random = node.random === undefined ? null : node.random;
    if (random !== null && !index.has(random)) {
      throw new Invalid("a random pointer leads outside the returned list");
    }
    return [json(node.val), random === null ? null : index.get(random)];
  });
}

// JSON has no NaN or infinity; a string equals no expected number, so the case fails.
function finite(value) {
  if (Number.isFinite(value)) return value;
  if (Number.isNaN(value)) return "nan";
  return value > 0 ? "inf" : "-inf";
}

// A plain value as it is, if it is JSON (arrays of such, recursively).
function json(value) {
  if (value === undefined || value === null) return null;
  switch (typeof value) {
    case "number":
      return finite(value);
    case "bigint":
      return Number(value);
    case "string":
    case "boolean":
      return value;
    default:
      if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value, json);
      throw new Invalid(`a ${describe(value)} is not a JSON value`);
  }
}

function describe(value) {
  if (typeof value !== "object") return typeof value;
  const constructor = Object.getPrototypeOf(value) && value.constructor;
  return (constructor && constructor.name) || "object";
}

const ENCODERS = {
  ListNode: fromList,
  TreeNode: fromTree,
  GraphNode: fromGraphNode,
  ListNodeRandom: fromRandomList,
};

// The JSON form of `value` as a `typeName` (null for void); {"invalid": why} when it is not one.
function serialize(value, typeName) {
  if (typeName === "void") return null;
  try {
    return encode(value, parseType(typeName));
  } catch (error) {
    if (error instanceof Invalid) return { invalid: error.message };
    if (error instanceof TypeError || error instanceof RangeError) {
      return { invalid: `${error.name}: ${error.message}`.slice(0, 500) };
    }
    throw error;
  }
}

function encode(value, type) {
  if (type.depth > 0) {
    if (!Array.isArray(value) && !ArrayBuffer.isView(value)) {
      throw new Invalid(`expected an array, got ${value === null ? "null" : describe(value)}`);
    }
    const inner = elementType(type);
    return Array.from(value, (item) => encode(item, inner));
  }
  const encoder = ENCODERS[type.base];
  return encoder ? encoder(value) : json(value);
}

// ---- node identity (mustCopy) --------------------------------------------------------------

const LINKS = ["next", "random", "left", "right"];

// Every object reachable from `root` through node links (and arrays of them), iteratively.
function reachableNodes(root) {
  const seen = new Set();
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    for (const link of LINKS) stack.push(value[link]);
    if (Array.isArray(value.neighbors)) for (const n of value.neighbors) stack.push(n);
  }
  return seen;
}

// Arrays count as well as nodes: handing back the argument's own array is not a copy either.
function sharesNode(result, inputNodes) {
  for (const value of reachableNodes(result)) {
    if (inputNodes.has(value)) return true;
  }
  return false;
}

module.exports = {
  ListNode,
  TreeNode,
  Node,
  deserialize,
  serialize,
  reachableNodes,
  sharesNode,
};
