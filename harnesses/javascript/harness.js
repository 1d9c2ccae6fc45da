"use strict";
// The JavaScript (and compiled TypeScript) harness of function problems: docs/functions.md.
//
//   node harness.js --solution solution.js --language javascript --memory-mb 256 < payload
//
// The main thread reads the payload from stdin, keeps the nonce, and starts a worker thread
// (worker.js) that loads the solution and runs the cases. A thread, for two reasons:
// - its stack is allocated with the size asked for (resourceLimits.stackSizeMb), so 10^5-deep
//   recursion works whatever RLIMIT_STACK the sandbox sets (`node --stack-size` beyond the real
//   stack would segfault instead);
// - the nonce never enters the isolate the solution runs in: the worker sends bare records over
//   a private MessagePort, and only this thread, which runs no solution code, writes them to
//   fd 1 with the nonce. The solution's console.log / process.stdout go to stderr; a raw
//   fs.writeSync(1, ...) reaches the channel without the nonce and is ignored by the parser.

const fs = require("fs");
const path = require("path");
const { MessageChannel, Worker, receiveMessageOnPort } = require("worker_threads");
const { writeAll } = require("./output");
const { topLevelString } = require("./scan");

const STATUSES = new Set(["pass", "fail", "done", "error"]);
const RECORD_KEYS = ["status", "got", "error", "shared", "ms"];
const CHANNEL = 1;
const OUT_OF_MEMORY_EXIT = 134;

function options(argv) {
  const values = { solution: "solution.js", language: "javascript", "memory-mb": "256" };
  for (let k = 0; k + 1 < argv.length; k += 2) {
    if (!argv[k].startsWith("--")) throw new Error(`unexpected argument ${argv[k]}`);
    values[argv[k].slice(2)] = argv[k + 1];
  }
  const memoryMb = Math.max(16, Number.parseInt(values["memory-mb"], 10) || 256);
  return { solution: path.resolve(values.solution), language: values.language, memoryMb };
}

// Deep enough for 10^5 frames of ordinary recursion, small enough that runaway recursion ends
// in a RangeError (a Runtime Error of that case) rather than in the memory limit.
function stackSizeMb(memoryMb) {
  return Math.min(256, Math.max(64, Math.floor(memoryMb / 2)));
}

class Channel {
  constructor(nonce) {
    this.nonce = nonce;
    this.next = 0;
    this.passed = 0;
  }

  line(prefix, fields) {
    writeAll(CHANNEL, `${prefix} ${JSON.stringify({ nonce: this.nonce, ...fields })}\n`);
  }

  // Only well-formed records, in case order. Names and the total come from the worker: the
  // host checks both against the cases it sent, so this thread never parses the payload.
  record(json) {
    const data = JSON.parse(json);
    const i = this.next;
    if (data.i !== i || !STATUSES.has(data.status) || typeof data.name !== "string") {
      throw new Error(`the worker sent a malformed record: ${json.slice(0, 200)}`);
    }
    const fields = { i, name: data.name };
    for (const key of RECORD_KEYS) if (key in data) fields[key] = data[key];
    if (data.status !== "error" && !("got" in fields)) fields.got = null;
    this.line("LLJUDGE", fields);
    this.next += 1;
    if (data.status === "pass") this.passed += 1;
  }

  summary(total) {
    this.line("LLJUDGE-SUMMARY", { passed: this.passed, total });
  }
}

function fail(message, code) {
  writeAll(2, `juiz harness: ${message}\n`);
  process.exit(code || 1);
}

// The payload (and the nonce) must not be readable again: a regular file on fd 0 could be
// reread from offset 0 or through /proc/self/fd/0. fd 0 becomes /dev/null instead.
function readPayload() {
  const text = fs.readFileSync(0, "utf8");
  fs.closeSync(0);
  fs.openSync("/dev/null", "r"); // takes the lowest free descriptor: 0
  return text;
}

function start() {
  const text = readPayload();
  const nonce = topLevelString(text, "nonce");
  if (nonce === null || !/^[0-9a-f]{16,}$/.test(nonce)) fail("the payload has no nonce", 2);
  const settings = options(process.argv.slice(2));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(path.join(__dirname, "worker.js"), {
    workerData: {
      port: port2,
      // The worker parses the payload, with the nonce blanked: a 128-bit random value is
      // nowhere else in it.
      payload: text.split(nonce).join("0".repeat(nonce.length)),
      language: settings.language,
      solution: settings.solution,
    },
    transferList: [port2],
    stdout: true,
    stderr: true,
    resourceLimits: {
      stackSizeMb: stackSizeMb(settings.memoryMb),
      maxOldGenerationSizeMb: settings.memoryMb,
    },
  });
  watch(worker, port1, new Channel(nonce));
}

function handle(message, channel) {
  if (message.type === "record") {
    channel.record(message.json);
  } else if (message.type === "end") {
    channel.summary(message.total);
    process.exit(0);
  } else if (message.type === "failed") {
    fail(`the solution could not be loaded: ${message.error}`, 1);
  }
}

function watch(worker, port, channel) {
  // The solution's own prints, should any bypass the worker's redirection: never fd 1.
  worker.stdout.on("data", (chunk) => writeAll(2, chunk));
  worker.stderr.on("data", (chunk) => writeAll(2, chunk));
  port.on("message", (message) => handle(message, channel));
  let failure = null;
  worker.on("error", (error) => {
    failure = error;
  });
  worker.on("exit", (code) => {
    // Records sent just before the thread ended may still be queued: take them first.
    for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
      handle(m.message, channel);
    }
    if (failure && failure.code === "ERR_WORKER_OUT_OF_MEMORY") {
      const why = "JavaScript heap out of memory (the solution's heap reached its limit)";
      fail(why, OUT_OF_MEMORY_EXIT);
    }
    if (failure) fail(`uncaught exception in the solution: ${failure.stack || failure}`, 1);
    fail(`the solution ended the run before the last case (exit code ${code})`, code || 1);
  });
}

start();
