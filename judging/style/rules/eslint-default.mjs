// Juiz's default JavaScript rules (docs/judging.md, "Style"): eslint's core rules that find
// bugs, as its recommended set has them, for Node.js scripts. No imports: the box resolves
// nothing from this folder.
const node = {
  require: "readonly", module: "writable", exports: "writable", process: "readonly",
  console: "readonly", Buffer: "readonly", BigInt: "readonly", __dirname: "readonly",
  setTimeout: "readonly", clearTimeout: "readonly", setImmediate: "readonly",
};

export const bugs = {
  "constructor-super": "error", "for-direction": "error", "getter-return": "error",
  "no-async-promise-executor": "error", "no-class-assign": "error", "no-compare-neg-zero": "error",
  "no-cond-assign": "error", "no-const-assign": "error", "no-constant-condition": "warn",
  "no-dupe-args": "error", "no-dupe-class-members": "error", "no-dupe-else-if": "error",
  "no-dupe-keys": "error", "no-duplicate-case": "error", "no-empty": "warn",
  "no-fallthrough": "warn", "no-func-assign": "error", "no-import-assign": "error",
  "no-loss-of-precision": "error", "no-self-assign": "error", "no-self-compare": "warn",
  "no-sparse-arrays": "warn", "no-undef": "error", "no-unreachable": "warn",
  "no-unsafe-negation": "error", "no-unused-vars": "warn", "no-use-before-define": "error",
  "use-isnan": "error", "valid-typeof": "error", "no-redeclare": "error",
};

export const base = {
  files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
  languageOptions: { ecmaVersion: "latest", sourceType: "commonjs", globals: node },
  linterOptions: { reportUnusedDisableDirectives: "off" },
};

export default [{ ...base, rules: bugs }];
