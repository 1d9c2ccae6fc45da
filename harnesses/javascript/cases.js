"use strict";
// Running one case of each kind (function, sequence, roundtrip) against the loaded solution,
// giving the record the protocol wants (without the nonce, which this side never sees).

const { performance } = require("perf_hooks");
const serde = require("./serde");
const { comparatorFor } = require("./comparators");

const MAX_ERROR_CHARS = 2000;

class EntryError extends Error {}
EntryError.prototype.name = "EntryError";

// A sequence case that failed at one step: the error, and the results of the steps before.
class StepFailure {
  constructor(cause, results) {
    this.cause = cause;
    this.results = results;
  }
}

function camelCase(name) {
  return String(name).replace(/_+([A-Za-z0-9])/g, (_, c) => c.toUpperCase());
}

function unique(items) {
  return [...new Set(items.filter((item) => typeof item === "string" && item))];
}

// Entry-point candidates for function problems, in the contract's order.
function functionNames(manifest, language) {
  const names = manifest.names || {};
  const entry = typeof manifest.entry === "string" ? manifest.entry : "";
  return unique([names[language], entry, camelCase(entry)]);
}

function className(manifest, language) {
  const names = manifest.names || {};
  return names[language] || manifest.class;
}

// Every name the loader must be able to look up for this manifest.
function lookupNames(manifest, language) {
  return unique([
    ...functionNames(manifest, language),
    "Solution",
    className(manifest, language),
    manifest.class,
    manifest.encode,
    manifest.decode,
  ]);
}

// A function `(args) => result` for a function problem: a free function, else a method of a
// fresh `Solution` per call (LeetCode's form).
function resolveFunction(manifest, language, lookup) {
  const names = functionNames(manifest, language);
  for (const name of names) {
    const found = lookup(name);
    if (typeof found === "function") return (args) => found(...args);
  }
  const Solution = lookup("Solution");
  const method = typeof Solution === "function" ? solutionMethod(Solution, names) : null;
  if (method !== null) {
    return (args) => {
      const solution = new Solution();
      return solution[method](...args);
    };
  }
  const wanted = names.join(" or ");
  return () => {
    throw new EntryError(`the solution defines no function ${wanted} (nor Solution.${names[0]})`);
  };
}

// The first of `names` that a Solution has: a prototype method, or an instance field holding a
// function (`twoSum = (nums) => ...`), which only an instance shows.
function solutionMethod(Solution, names) {
  const prototype = Solution.prototype || {};
  const onPrototype = names.find((name) => typeof prototype[name] === "function");
  if (onPrototype !== undefined) return onPrototype;
  const probe = new Solution();
  return names.find((name) => typeof probe[name] === "function") || null;
}

function resolveClass(manifest, language, lookup) {
  const name = className(manifest, language);
  const found = lookup(name);
  if (typeof found !== "function") throw new EntryError(`the solution defines no class ${name}`);
  return found;
}

// ---- errors ------------------------------------------------------------------------------

// "TypeError: message (solution.js:12:5)": the exception's type and message, and where in the
// solution it was thrown when the stack says.
function describeError(error, solutionFile) {
  let text;
  try {
    if (error instanceof Error || (error && typeof error.message === "string")) {
      text = `${error.name || "Error"}: ${error.message}`;
      const where = solutionFrame(String(error.stack || ""), solutionFile);
      if (where) text += ` (${where})`;
    } else {
      text = `thrown value: ${typeof error === "string" ? error : JSON.stringify(error)}`;
    }
  } catch {
    text = "an exception that cannot be described";
  }
  return text.length > MAX_ERROR_CHARS ? text.slice(0, MAX_ERROR_CHARS) : text;
}

function solutionFrame(stack, solutionFile) {
  if (!solutionFile) return "";
  const base = solutionFile.split("/").pop();
  for (const line of stack.split("\n")) {
    const at = line.indexOf(solutionFile + ":");
    if (at >= 0) return base + line.slice(at + solutionFile.length).replace(/\)$/, "");
  }
  return "";
}

// ---- kinds ------------------------------------------------------------------------------

function typeOf(types, k) {
  return types && types[k] !== undefined ? types[k] : "any";
}

function runFunction(context, testCase) {
  const { manifest } = context;
  const argTypes = manifest.argTypes || [];
  const args = testCase.args.map((value, k) => serde.deserialize(value, typeOf(argTypes, k)));
  const copyOf = manifest.mustCopy;
  const inputNodes = Number.isInteger(copyOf) ? serde.reachableNodes(args[copyOf]) : null;
  const start = performance.now();
  const returned = context.call(args);
  const ms = performance.now() - start;
  const from = manifest.resultFrom;
  const fromArg = Number.isInteger(from);
  const value = fromArg ? args[from] : returned;
  const got = serde.serialize(value, fromArg ? typeOf(argTypes, from) : manifest.returnType);
  const shared = inputNodes !== null && serde.sharesNode(value, inputNodes);
  return { got, ms, shared, expected: testCase.expected, hasExpected: "expected" in testCase };
}

function methodSpec(manifest, method) {
  const methods = manifest.methods || {};
  return Object.hasOwn(methods, method) ? methods[method] : {};
}

function runSequence(context, testCase) {
  const Class = resolveClass(context.manifest, context.language, context.lookup);
  const state = { instance: null, results: [], ms: 0 };
  for (const step of testCase.steps) {
    try {
      runStep(context, Class, state, step);
    } catch (error) {
      throw new StepFailure(error, state.results);
    }
  }
  const steps = testCase.steps;
  const hasExpected = steps.length > 0 && steps.every((s) => "expected" in s);
  const expected = steps.map((s) => s.expected);
  return { got: state.results, ms: state.ms, shared: false, expected, hasExpected };
}

function runStep(context, Class, state, step) {
  const spec = methodSpec(context.manifest, step.method);
  const args = step.args.map((v, k) => serde.deserialize(v, typeOf(spec.argTypes, k)));
  let returned;
  const start = performance.now();
  if (step.method === "constructor") {
    state.instance = new Class(...args);
  } else {
    const method = state.instance === null ? undefined : state.instance[step.method];
    if (typeof method !== "function") {
      throw new EntryError(`${Class.name || "the class"} has no method ${step.method}`);
    }
    returned = method.apply(state.instance, args);
  }
  state.ms += performance.now() - start;
  const type = step.method === "constructor" ? "void" : spec.returnType || "any";
  state.results.push(serde.serialize(returned, type));
}

// One instance does both encode and decode (LeetCode's driver does the same); LeetCode's
// JavaScript form, top-level `serialize` / `deserialize` functions, is accepted too.
function codecFunctions(context) {
  const { manifest, lookup } = context;
  const name = className(manifest, context.language);
  const Class = lookup(name);
  if (typeof Class === "function") {
    const codec = new Class();
    for (const method of [manifest.encode, manifest.decode]) {
      if (typeof codec[method] !== "function") {
        throw new EntryError(`${name} has no method ${method}`);
      }
    }
    return [(v) => codec[manifest.encode](v), (v) => codec[manifest.decode](v)];
  }
  const encode = lookup(manifest.encode);
  const decode = lookup(manifest.decode);
  if (typeof encode === "function" && typeof decode === "function") return [encode, decode];
  throw new EntryError(`the solution defines no class ${name}`);
}

// The encoded form travels through JSON, so decode sees a copy: returning the input object
// itself from encode cannot pass.
function carryEncoded(encoded, typeName) {
  if (typeName === "string" && typeof encoded !== "string") {
    throw new TypeError(`encode must return a string, not ${typeof encoded}`);
  }
  const text = JSON.stringify(serde.serialize(encoded, typeName));
  return serde.deserialize(text === undefined ? null : JSON.parse(text), typeName);
}

function runRoundtrip(context, testCase) {
  const { manifest } = context;
  const dataType = manifest.dataType;
  const [encode, decode] = codecFunctions(context);
  const data = serde.deserialize(testCase.data, dataType);
  const start = performance.now();
  const encoded = encode(data);
  const carried = carryEncoded(encoded, manifest.encodedType || "string");
  const decoded = decode(carried);
  const ms = performance.now() - start;
  const got = serde.serialize(decoded, dataType);
  // The expected value of a roundtrip case is its data, which the harness has anyway.
  return { got, ms, shared: false, expected: testCase.data, hasExpected: true };
}

const RUNNERS = { function: runFunction, sequence: runSequence, roundtrip: runRoundtrip };

// ---- one case -> record ----------------------------------------------------------------------

function makeContext(manifest, language, lookup, solutionFile) {
  const context = { manifest, language, lookup, solutionFile, call: null };
  context.kind = manifest.kind || "function";
  if (!RUNNERS[context.kind]) throw new Error(`unknown kind ${JSON.stringify(context.kind)}`);
  if (context.kind === "function") context.call = resolveFunction(manifest, language, lookup);
  context.compare = comparatorFor(manifest.comparator);
  return context;
}

function roundMs(ms) {
  return Math.round(ms * 1000) / 1000;
}

function runCase(context, testCase) {
  const record = { i: testCase.i, name: testCase.name };
  let outcome;
  try {
    outcome = RUNNERS[context.kind](context, testCase);
  } catch (error) {
    record.status = "error";
    const failure = error instanceof StepFailure ? error : null;
    record.error = describeError(failure ? failure.cause : error, context.solutionFile);
    if (failure) record.got = failure.results;
    return record;
  }
  record.got = outcome.got === undefined ? null : outcome.got;
  if (outcome.hasExpected && context.compare) {
    const equal = context.compare(record.got, outcome.expected);
    record.status = equal && !outcome.shared ? "pass" : "fail";
  } else {
    record.status = "done";
  }
  if (outcome.shared) record.shared = true;
  record.ms = roundMs(outcome.ms);
  return record;
}

module.exports = { lookupNames, makeContext, runCase, describeError };
