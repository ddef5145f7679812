// @ts-check
// ESLint for FACT (decision 043): type-aware typescript-eslint, React hooks, accessibility of the
// markup, no import cycles; Prettier owns the layout (eslint-config-prettier, last).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default defineConfig(
  { ignores: ['build/', 'public/build/', '.cache/', '.data/', 'test-results/', 'node_modules/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Ports return promises; the offline adapters, in-memory fakes and migrations' `async up()`
      // meet them with async functions that have nothing to await (and turn a throw into a rejection).
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks a value left out on purpose (`const { password: _p, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Remix answers a loader or action early by throwing a Response (`throw redirect(…)`, `throw json(…)`).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
          ],
        },
      ],
      // Passing on a caught `unknown` as it came, as only-throw-error allows for `throw`.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },

  // The markup: hooks and accessibility.
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `<Party role="Client" />` is a component's prop, not an ARIA role: check DOM elements only.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // The radio cards' text sits three levels inside their label (label > span > span > text).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  { files: ['app/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },

  // No import cycles (value imports; `import type` cycles vanish at run time and are allowed).
  {
    plugins: { 'import-x': importX },
    settings: {
      // Follow .ts/.tsx files too (import-x's default is .js only, which finds no cycle at all).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' }), createNodeResolver()],
    },
    // A cycle closed by a dynamic import() is how a dialog becomes its own chunk (lazy-dialogs.tsx,
    // decision 019): the import() runs after every module of the cycle has finished evaluating.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },

  // Tests and the bench/reliability scripts read untyped JSON (`await res.json()`, parsed logs) and
  // spy on methods (`expect(repo.save).toHaveBeenCalled()`): the any-safety rules and unbound-method
  // guard production code, not these.
  {
    files: ['**/*.test.{ts,tsx}', 'test/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // Plain JavaScript files (cli/bin.js, the build configs) are outside tsconfig's project.
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },

  prettier,
);
