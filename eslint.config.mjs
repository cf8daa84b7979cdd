// ESLint with typescript-eslint's type-aware rules, kept to rules that catch real defects:
// a promise nobody awaits or handles, a value computed and dropped, an `any` that escapes
// the type checker, a method torn from its object. Formatting is Prettier's (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'bundle/**', 'node_modules/**', 'coverage/**', 'src/load/generated/**', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a value left out on purpose (a destructured field dropped).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Taste, not defects: an async function without await still returns a promise, and
      // control characters in a regex are how printable output is made.
      '@typescript-eslint/require-await': 'off',
      // Passing on what a callback or a signal gave (an `unknown` caught error) is not a defect.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      'no-control-regex': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    // Plain JavaScript outside the TypeScript project (the Action's scripts, configs): the
    // untyped rules only.
    files: ['**/*.mjs', '**/*.js', 'vitest.config.ts', 'vitest.package.config.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', fetch: 'readonly' },
    },
  },
  {
    // Tests read the CLI's JSON output (JSON.parse: `any`) and hold it to expect(): there
    // the assertions check its shape at run time. Floating promises and the rest still count.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
