// Juiz's strict JavaScript rules: the default ones, and style (===, const, braces, semicolons).
import { base, bugs } from "./eslint-default.mjs";

export default [
  {
    ...base,
    rules: {
      ...bugs,
      eqeqeq: "warn", "no-var": "warn", "prefer-const": "warn", curly: "warn",
      semi: "warn", "no-shadow": "warn", "no-implicit-coercion": "warn", camelcase: "warn",
    },
  },
];
