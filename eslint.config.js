import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Imports flow one way (contract → features/modules → app); a cycle means a wrong dependency.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The site never reaches into the server's code or its database drivers.
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/apps/api/**', '@siam/api*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'fastify*'],
          // One way to translate: lib/use-translation.ts.
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message: 'Use useTranslation from apps/web/src/lib/use-translation.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      // The contract is shared by browser and server: zod and itself only.
      'no-restricted-imports': [
        'error',
        { patterns: ['@siam/*', 'fastify*', 'react*', 'drizzle-orm*', 'pg', '@electric-sql/*', 'node:*'] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
