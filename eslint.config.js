import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers of the house (docs/ARCHITECTURE.md), as import rules. Each file set below gets all the limits that
// apply to it (a later config would replace an earlier one's list, not add to it).
const NO_SERVER = { group: ['**/server/**'], message: 'The browser code never imports the server.' };
const NO_ADMIN = { group: ['**/admin/**'], message: 'Reader pages never load admin code.' };
const SIBLING_FEATURE = {
  regex: '^\\.\\./[^.]',
  message: 'Features do not import each other: move what they share to src/client/components or lib.',
};
const SIBLING_PAGE = {
  regex: '^\\./',
  message: 'Admin pages do not import each other: move what they share to admin/components, admin/api or admin/lib.',
};
const SQL = 'Routes hold HTTP only: SQL lives in *.repository.ts.';
const restrict = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'drizzle/',
      'test-results/',
      'scratch/',
      'e2e/screenshots/',
      'lighthouse/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\b(ml|mr|pl|pr|left|right)-\\d/]',
          message: 'RTL: use logical utilities (ms-, me-, ps-, pe-, start-, end-).',
        },
      ],
    },
  },
  restrict(
    ['src/shared/**'],
    [
      {
        group: ['**/server/**', '**/client/**', '**/scripts/**', '**/e2e/**'],
        message: 'src/shared is the contract: it imports nothing of ours outside it.',
      },
    ],
  ),
  restrict(['src/client/features/**'], [NO_SERVER, NO_ADMIN, SIBLING_FEATURE]),
  restrict(
    ['src/client/app/**', 'src/client/components/**', 'src/client/lib/**', 'src/client/*.tsx'],
    [NO_SERVER, NO_ADMIN],
  ),
  restrict(['src/client/admin/pages/**'], [NO_SERVER, SIBLING_PAGE]),
  restrict(
    ['src/client/admin/*.tsx', 'src/client/admin/api/**', 'src/client/admin/components/**', 'src/client/admin/lib/**'],
    [NO_SERVER],
  ),
  restrict(
    ['src/server/**/*.routes.ts'],
    [
      { group: ['**/db/schema/*', '**/db/client'], message: SQL },
      { group: ['drizzle-orm/*'], message: SQL },
    ],
    [{ name: 'drizzle-orm', message: SQL }],
  ),
);
