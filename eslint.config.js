import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // clients/typescript/src/schema.ts is generated from the OpenAPI document (clients/typescript/generate.mjs).
  { ignores: ['dist/', 'node_modules/', '.data/', '.tools/', 'clients/typescript/dist/', 'clients/typescript/src/schema.ts'] },
  js.configs.recommended,
  // The dependency rules (CommonJS, read by dependency-cruiser).
  { files: ['.dependency-cruiser.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'error',
    },
  },
  // Programs people run and read: they print, and the plain-JavaScript ones run on Node's globals.
  {
    files: ['examples/**', 'clients/typescript/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        structuredClone: 'readonly',
      },
    },
    rules: { 'no-console': 'off' },
  },
);
