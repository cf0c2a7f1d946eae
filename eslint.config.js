// ESLint with typescript-eslint's type-aware rules over the service, its tests and the bench; Prettier owns the layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.test-build/',
      'coverage/',
      'node_modules/',
      '.tap/',
      'test/.artifacts/',
      'client-types/',
      'client/dist/',
      'client/src/paths/',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // tap awaits the subtests it queues; every other promise must be awaited or marked.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // tap subtests are written `async (t) => …` whether or not they await: tap awaits each one's end either way.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The example API uses the layer as a team would: through the package's two entries, never its files.
    files: ['examples/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|dist|test)(/|$)',
              message: "examples/ imports the layer only as 'version-aware-api' and 'version-aware-api/versioning'",
            },
          ],
        },
      ],
    },
  },
  {
    // The test loader (test/loader/) is plain JavaScript that node runs before any TypeScript can be loaded.
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', Response: 'readonly' } },
  },
);
