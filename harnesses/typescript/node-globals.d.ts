// What TypeScript programs use of node without @types/node: loosely typed on purpose (any),
// so that `require("fs")`, `process.stdin.on(...)` and `import * as readline from "readline"`
// compile; the lib files of TypeScript itself (--lib es2023) have no console either.

interface Console {
  log(...data: any[]): void;
  info(...data: any[]): void;
  debug(...data: any[]): void;
  warn(...data: any[]): void;
  error(...data: any[]): void;
  trace(...data: any[]): void;
  dir(item?: any, options?: any): void;
  table(data?: any, columns?: string[]): void;
  assert(condition?: boolean, ...data: any[]): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
  count(label?: string): void;
}

declare var console: Console;
declare var process: any;
declare var Buffer: any;
declare var module: any;
declare var exports: any;
declare var require: {
  (id: string): any;
  main: any;
  resolve(id: string): string;
};
declare var __dirname: string;
declare var __filename: string;

declare function setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearTimeout(handle: any): void;
declare function setInterval(callback: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearInterval(handle: any): void;
declare function setImmediate(callback: (...args: any[]) => void, ...args: any[]): any;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string);
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}

// Any module: `import * as fs from "fs"`, `import { createInterface } from "readline"`.
declare module "*";
