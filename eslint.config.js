import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', '.tools/'] },
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
);
