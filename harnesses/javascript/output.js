"use strict";
// Synchronous, complete writes to a file descriptor. A write to a pipe can be partial or meet
// EAGAIN; the harness's records must still arrive whole and in order.

const fs = require("fs");

function writeAll(fd, data) {
  const buffer = ArrayBuffer.isView(data)
    ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    : Buffer.from(String(data), "utf8");
  let offset = 0;
  while (offset < buffer.length) {
    try {
      offset += fs.writeSync(fd, buffer, offset, buffer.length - offset);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
    }
  }
}

module.exports = { writeAll };
