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
  { files: ['app/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
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
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // Plain JavaScript files (cli/bin.js, the build configs) are outside tsconfig's project.
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },

  prettier,
);
