"use strict";
// Loads a solution file so that LeetCode's top-level forms are found without module.exports:
// `var twoSum = function () {}`, `function twoSum() {}`, `const twoSum = () => {}`,
// `class Solution {}`, `class LRUCache {}`, `var LRUCache = function () {}` + prototype methods.
//
// How: the source becomes the body of a function nested in another one,
//
//   (function (ListNode, TreeNode, Node, _Node, require, module, exports, __filename,
//              __dirname) { return (function () { SOURCE
//   ;return function (__juizName) { switch (__juizName) { case "twoSum": ... } };
//   }).call(exports); })
//
// so every top-level declaration (var, let, const, class, function) is a local of the inner
// function, and a lookup closure generated for the names the manifest may ask for reads them
// after the source ran. The node classes are parameters of the OUTER function: a solution that
// declares its own `class Node` (an LRU cache's list node) shadows the harness's in the inner
// scope instead of clashing with it, and the harness keeps building its own nodes. The prefix
// has no newline, so line numbers in stack traces are the solution's own. As in a CommonJS
// module, top-level `this` is module.exports; a solution that assigns module.exports / exports
// is served from there when a name is not a binding.

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { createRequire } = require("module");
const serde = require("./serde");

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

// Names usable in `typeof NAME` (reserved words such as `delete` are not).
function usableName(name) {
  if (typeof name !== "string" || !IDENTIFIER.test(name)) return false;
  try {
    new Function(`return typeof ${name};`);
    return true;
  } catch {
    return false;
  }
}

function wrap(source, names) {
  const cases = names
    .filter(usableName)
    .map((n) => `case ${JSON.stringify(n)}: return typeof ${n} === "undefined" ? undefined : ${n};`)
    .join(" ");
  const prefix =
    "(function (ListNode, TreeNode, Node, _Node, require, module, exports, __filename, " +
    "__dirname) { return (function () {";
  // The lookup's parameter has a name no solution uses, so it shadows none of theirs.
  const suffix =
    "\n;return function (__juizName) { switch (__juizName) { " +
    cases +
    " } return undefined; };\n}).call(exports); })";
  return prefix + source + suffix;
}

// Runs the solution's top level; returns lookup(name) -> the binding or export, or undefined.
function loadSolution(file, names) {
  const filename = path.resolve(file);
  const source = fs.readFileSync(filename, "utf8").replace(/^#!.*/, "");
  const script = new vm.Script(wrap(source, names), { filename });
  const outer = script.runInThisContext();
  const module = { exports: {} };
  const lookup = outer(
    serde.ListNode,
    serde.TreeNode,
    serde.Node,
    serde.Node,
    createRequire(filename),
    module,
    module.exports,
    filename,
    path.dirname(filename),
  );
  return (name) => {
    const bound = lookup(name);
    if (bound !== undefined) return bound;
    const exported = module.exports;
    if (exported !== null && (typeof exported === "object" || typeof exported === "function")) {
      if (Object.hasOwn(exported, name)) return exported[name];
    }
    return undefined;
  };
}

module.exports = { loadSolution };
