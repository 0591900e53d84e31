import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Each reader feature stands alone: what two features share lives in src/client/{components,lib}.
const features = fs.readdirSync('src/client/features', { withFileTypes: true }).filter((d) => d.isDirectory());

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'data/', 'drizzle/', 'test-results/', 'scratch/', 'e2e/screenshots/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\b(ml|mr|pl|pr|left|right)-\\d/]',
          message: 'RTL: use logical utilities (ms-, me-, ps-, pe-, start-, end-).',
        },
      ],
      // The layers of the house (docs/ARCHITECTURE.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/client', './scripts', './e2e'],
              message: 'src/shared is the contract: it imports nothing of ours outside it.',
            },
            { target: './src/client', from: './src/server', message: 'The browser code never imports the server.' },
            {
              target: ['./src/client/app', './src/client/features', './src/client/components', './src/client/lib'],
              from: './src/client/admin',
              message: 'Reader pages never load admin code.',
            },
            {
              target: './src/client/admin/pages',
              from: './src/client/admin/pages',
              message: 'Admin pages do not import each other: move what they share to admin/components or admin/api.',
            },
            ...features.map((f) => ({
              target: `./src/client/features/${f.name}`,
              from: './src/client/features',
              except: [`./${f.name}`],
              message: 'Features do not import each other: move what they share to src/client/components or lib.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Routes hold HTTP only: SQL lives in repositories.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Routes hold HTTP only: SQL lives in *.repository.ts.' }],
          patterns: [
            {
              group: ['**/db/schema/*', '**/db/client'],
              message: 'Routes hold HTTP only: SQL lives in *.repository.ts.',
            },
            { group: ['drizzle-orm/*'], message: 'Routes hold HTTP only: SQL lives in *.repository.ts.' },
          ],
        },
      ],
    },
  },
);
