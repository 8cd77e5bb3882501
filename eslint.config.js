import js from "@eslint/js";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const readEnvOnce = {
  object: "process",
  property: "env",
  message: "Read settings through server/config.ts.",
};

// Issue 47: the stored identity is the one owner of the agency's name, words and colours at
// render time (server/modules/identity, useIdentity()/identityFrom() in app/lib/identity.ts).
// site-config.ts holds only their defaults, read through common/identity.ts's defaultIdentity.
const identityMessage =
  "The agency's name, words and colours come from the stored identity (useIdentity(), identityFrom(matches), the identity service); site-config.ts only holds its defaults (common/identity.ts).";
const builtInIdentity = ["name", "shortName", "tagline", "description", "colors"].map(
  (property) => ({ object: "site", property, message: identityMessage }),
);
const builtInColours = "/053685|dd8d15/i";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "build-*/",
      "data/",
      ".tmp/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { "import-x": importX },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-properties": ["error", readEnvOnce, ...builtInIdentity],
      // One-way imports: common/ is shared by both sides and imports neither;
      // the React app never imports server code (it gets services via the load context).
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./common",
              from: ["./app", "./server"],
              message: "common/ is imported by app/ and server/ and imports neither.",
            },
            {
              target: "./app",
              from: "./server",
              message: "The UI reaches the server only through the load context or the HTTP API.",
            },
            {
              // The HTTP layer imports the domain, never the reverse: a module's services,
              // repositories and types, and server/lib, know nothing of the API or of the
              // composition root (their types live in the module, e.g. modules/staff/types.ts).
              target: ["./server/lib/**", "./server/modules/**/!(routes|*-routes).ts"],
              from: ["./server/api-types.ts", "./server/api.ts", "./server/services.ts"],
              message:
                "Domain code must not import the HTTP layer or the composition root: put the type in the module.",
            },
          ],
        },
      ],
    },
  },
  {
    // Production code never imports the tests: the seed data lives in server/db/seed.ts,
    // and the tests' factories import it, never the other way round.
    files: ["server/**", "scripts/**", "app/**", "common/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)tests/",
              message: "Production code must not import tests/ (move shared code out of it).",
            },
          ],
        },
      ],
    },
  },
  {
    // The built-in colours are the identity's defaults: written nowhere else.
    files: ["server/**", "app/**", "common/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Literal[value=${builtInColours}]`, message: identityMessage },
        { selector: `TemplateElement[value.raw=${builtInColours}]`, message: identityMessage },
      ],
    },
  },
  {
    // The owners of the identity's defaults.
    files: ["common/site-config.ts", "common/identity.ts", "common/brand-colours.ts"],
    rules: { "no-restricted-properties": ["error", readEnvOnce], "no-restricted-syntax": "off" },
  },
  {
    // Unit tests compare with the defaults themselves.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-properties": ["error", readEnvOnce] },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" } },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    // Configuration, tooling and tests may read the environment directly.
    files: [
      "server/config.ts",
      "*.config.ts",
      "*.config.js",
      "scripts/**",
      "tests/**",
      "bench/**",
      ".ci/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
);
