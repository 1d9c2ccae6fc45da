"use strict";
// The JavaScript (and compiled TypeScript) harness of function problems: docs/functions.md.
//
//   node --stack-size=KiB harness.js --solution solution.js --language javascript < payload
//
// One thread: it reads the payload, takes the nonce out of it, loads the solution and runs the
// cases, writing each record to the channel (fd 1) as soon as the case ends.
// - The stack: the host passes --stack-size only as deep as the box's RLIMIT_STACK lets the main
//   thread's stack grow (judging/functions/adapters/javascript.py), so 10^5-deep recursion
//   works and runaway recursion ends in a RangeError of its case, never in a segfault.
// - The nonce is nowhere the solution's code can name: not in the parsed payload (blanked
//   before parsing), argv, the environment, stdin (now /dev/null), a global or a module's
//   exports; it lives in this file's closures only, and the functions that write the channel
//   were taken before the solution ran, so replacing JSON.stringify, fs.writeSync or a
//   prototype's method hands the solution nothing with the nonce in it. Code that reads the
//   process's memory (/proc/self/mem, a heap snapshot) can find it, as in every harness: the
//   host compares every `got` itself and hidden expected values are never in the process.
// The solution's console.log / process.stdout go to stderr; a raw fs.writeSync(1, ...) reaches
// the channel without the nonce and is ignored by the parser.

const fs = require("fs");
const path = require("path");
const { writeAll, writeLine } = require("./output");
const { topLevelStringRange } = require("./scan");

const CHANNEL = 1;
const STATUSES = new Set(["pass", "fail", "done", "error"]);
const RECORD_KEYS = ["status", "got", "error", "shared", "ms"];
const HEX = /^[0-9a-f]{16,}$/;
// Taken before the solution can replace them.
const stringify = JSON.stringify;
const exit = process.exit.bind(process);

function options(argv) {
  const values = { solution: "solution.js", language: "javascript" };
  for (let k = 0; k + 1 < argv.length; k += 2) {
    if (!argv[k].startsWith("--")) throw new Error(`unexpected argument ${argv[k]}`);
    values[argv[k].slice(2)] = argv[k + 1];
  }
  return { solution: path.resolve(values.solution), language: values.language };
}

function fail(message, code) {
  writeAll(2, `juiz harness: ${message}\n`);
  exit(code || 1);
}

// The payload (and the nonce) must not be readable again: a regular file on fd 0 could be
// reread from offset 0 or through /proc/self/fd/0. fd 0 becomes /dev/null instead.
function readPayload() {
  const bytes = fs.readFileSync(0);
  fs.closeSync(0);
  fs.openSync("/dev/null", "r"); // takes the lowest free descriptor: 0
  return bytes;
}

// The channel's writer, holding the nonce; the payload's text with the nonce blanked (a
// 128-bit random value is nowhere else in it).
function takeNonce(bytes) {
  const range = topLevelStringRange(bytes, "nonce");
  const nonce = range === null ? "" : bytes.toString("latin1", range[0], range[1]);
  if (!HEX.test(nonce)) fail("the payload has no nonce", 2);
  bytes.fill(0x30, range[0], range[1]); // "0"
  return { channel: new Channel(nonce), text: bytes.toString("utf8") };
}

class Channel {
  constructor(nonce) {
    // Closures, not fields: the Channel object is the solution's to find (it may be handed a
    // record's fields), the nonce is not.
    const record = `LLJUDGE {"nonce":"${nonce}",`;
    const summary = `LLJUDGE-SUMMARY {"nonce":"${nonce}",`;
    this.writeRecord = (rest) => writeLine(CHANNEL, record + rest);
    this.writeSummary = (rest) => writeLine(CHANNEL, summary + rest);
    this.next = 0;
    this.passed = 0;
  }

  // Only well-formed records, in case order: the cases run in the solution's heap, which the
  // solution may have tampered with.
  record(data) {
    const i = this.next;
    if (data.i !== i || !STATUSES.has(data.status) || typeof data.name !== "string") {
      fail(`a malformed record: ${String(recordJson(data)).slice(0, 200)}`, 1);
    }
    const fields = { i, name: data.name };
    for (const key of RECORD_KEYS) if (key in data) fields[key] = data[key];
    if (data.status !== "error" && !("got" in fields)) fields.got = null;
    this.writeRecord(recordJson(fields).slice(1) + "\n");
    this.next += 1;
    if (data.status === "pass") this.passed += 1;
  }

  summary(total) {
    this.writeSummary(stringify({ passed: this.passed, total }).slice(1) + "\n");
  }
}

// A result JSON cannot hold (a BigInt inside an untyped value, a cyclic object) is the
// solution's error, not the harness's.
function recordJson(record) {
  try {
    return stringify(record);
  } catch (error) {
    const message = `the result cannot be written as JSON: ${error && error.message}`;
    return stringify({ i: record.i, name: record.name, status: "error", error: message });
  }
}

// process.stdout and process.stderr write to fd 2, and so does the global console (it writes
// to them). Patched when first used, not made now: building node's stdout stream (and loading
// `stream` for it) was a fifth of a run's start-up, and most solutions never print.
function redirectOutput() {
  const toStderr = (chunk, encoding, callback) => {
    writeAll(2, chunk);
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") done();
    return true;
  };
  for (const name of ["stdout", "stderr"]) {
    const original = Object.getOwnPropertyDescriptor(process, name);
    const settle = (stream) => {
      Object.defineProperty(process, name, {
        value: stream,
        writable: true,
        configurable: true,
        enumerable: original.enumerable,
      });
      return stream;
    };
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: original.enumerable,
      get() {
        const stream = original.get ? original.get.call(process) : original.value;
        stream.write = toStderr;
        return settle(stream);
      },
      set: settle,
    });
  }
}

function main() {
  const { channel, text } = takeNonce(readPayload());
  const settings = options(process.argv.slice(2));
  let payload;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    fail(`the payload is not JSON: ${error.message}`, 2);
  }
  redirectOutput();
  const { loadSolution } = require("./loader");
  const { lookupNames, makeContext, runCase, describeError } = require("./cases");
  const { manifest, cases } = payload;
  let context;
  try {
    const lookup = loadSolution(settings.solution, lookupNames(manifest, settings.language));
    context = makeContext(manifest, settings.language, lookup, settings.solution);
  } catch (error) {
    fail(`the solution could not be loaded: ${describeError(error, settings.solution)}`, 1);
  }
  for (const testCase of cases) channel.record(runCase(context, testCase));
  channel.summary(cases.length);
  // The solution may leave timers or open handles behind: they never run.
  exit(0);
}

main();
