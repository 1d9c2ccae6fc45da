"use strict";
// The worker thread the solution runs in (see harness.js for why a thread). It gets the
// payload with the nonce blanked, sends every case's record to the main thread over
// a private MessagePort, and sends everything the solution prints to stderr.

const { Console } = require("console");
const { Writable } = require("stream");
const workerThreads = require("worker_threads");
const { writeAll } = require("./output");

// Taken before the solution can patch anything.
const input = workerThreads.workerData;
const port = input.port;
const post = port.postMessage.bind(port);
const stringify = JSON.stringify;
// The solution can require("worker_threads") too: leave it nothing to send on.
delete input.port;

function redirectOutput() {
  const toStderr = (chunk, encoding, callback) => {
    writeAll(2, chunk);
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") done();
    return true;
  };
  const sink = new Writable({ write: (chunk, encoding, callback) => toStderr(chunk, callback) });
  const console = new Console({ stdout: sink, stderr: sink });
  Object.defineProperty(globalThis, "console", {
    value: console,
    writable: true,
    configurable: true,
  });
  process.stdout.write = toStderr;
  process.stderr.write = toStderr;
}

function main() {
  redirectOutput();
  const { loadSolution } = require("./loader");
  const { lookupNames, makeContext, runCase, describeError } = require("./cases");
  const { language, solution } = input;
  let payload;
  try {
    payload = JSON.parse(input.payload);
  } catch (error) {
    post({ type: "failed", error: `the payload is not JSON: ${error.message}` });
    return;
  }
  delete input.payload;
  const { manifest, cases } = payload;
  let context;
  try {
    const lookup = loadSolution(solution, lookupNames(manifest, language));
    context = makeContext(manifest, language, lookup, solution);
  } catch (error) {
    post({ type: "failed", error: describeError(error, solution) });
    return;
  }
  for (const testCase of cases) {
    post({ type: "record", json: recordJson(runCase(context, testCase)) });
  }
  post({ type: "end", total: cases.length });
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

// The solution may leave timers or open handles behind: the main thread ends the process.
main();
