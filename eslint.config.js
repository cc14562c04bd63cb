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
      // Cycles (between files and between folders) and the API's direction are scripts/check-layers.mjs's,
      // which reads the whole import graph at once (decision 3310).
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
    // SQL only in repositories (decision 3310): Drizzle's `sql` tag, its operators and query strings
    // live in *.repository.ts; db/ (client, migrations, schema, seed), tests and their fixtures may too.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.test-helper.ts',
      'apps/api/src/**/*.fixtures.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'SQL lives in <module>.repository.ts; call the repository (decision 3310).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: 'SQL lives in <module>.repository.ts; call the repository (decision 3310).',
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
