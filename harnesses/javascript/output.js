"use strict";
// Synchronous, complete writes to a file descriptor. A write to a pipe can be partial or meet
// EAGAIN; the harness's records must still arrive whole and in order.
//
// Everything the channel's writes use is taken when this module loads, before the solution
// runs, and a line goes to fs.writeSync as a string: a solution replacing fs.writeSync, String
// or a getter of Uint8Array.prototype (byteLength, buffer: node reads them from a Buffer it is
// handed) would otherwise be handed the line, nonce included. A primitive string has no hooks.

const fs = require("fs");

const writeSync = fs.writeSync;
const bufferFrom = Buffer.from;
const byteLength = Buffer.byteLength;
const isView = ArrayBuffer.isView;
const toText = String;

function writeBytes(fd, buffer, offset) {
  while (offset < buffer.length) {
    try {
      offset += writeSync(fd, buffer, offset, buffer.length - offset);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
    }
  }
}

// A line of the channel: one write of the string (a regular file or a blocking pipe takes it
// whole); only a partial write to a non-blocking pipe goes on from a buffer.
function writeLine(fd, line) {
  for (;;) {
    let written;
    try {
      written = writeSync(fd, line);
    } catch (error) {
      if (error.code === "EAGAIN") continue;
      throw error;
    }
    if (written < byteLength(line, "utf8")) writeBytes(fd, bufferFrom(line, "utf8"), written);
    return;
  }
}

function writeAll(fd, data) {
  const buffer = isView(data)
    ? bufferFrom(data.buffer, data.byteOffset, data.byteLength)
    : bufferFrom(toText(data), "utf8");
  writeBytes(fd, buffer, 0);
}

module.exports = { writeAll, writeLine };
