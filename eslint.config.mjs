// ESLint: typescript-eslint's recommended and type-checked rules over every package and the tests,
// ESLint's recommended rules over the scripts. `npm run lint`; `npm test` runs it with no warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test/fixtures/', '.test-output/', '.cache/', '**/*.d.ts'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off: String(v) of a value read from a wiki's JSON is deliberate (a scalar in practice; an
      // object would print as text, never crash), and that is the only place it is used.
      '@typescript-eslint/no-base-to-string': 'off',
      // node:test's test/describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
    },
  },
  {
    // Tests read what real processes and wikis answer (JSON.parse gives `any`) and assert on it:
    // the assertion is the check, so the unsafe-any rules would only add casts.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Assertion messages print arrays and buffers as they come.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Stubs of async interfaces (sleep, sendNotification) are async functions with plain bodies.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    // Its page.evaluate callbacks run in the browser page.
    files: ['scripts/bench-webview.mjs', 'scripts/bench-results-run.mjs', 'scripts/bench-views.mjs', 'scripts/bench-util.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
