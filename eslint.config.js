import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** sonner loads with the first toast (components/ui/toast): a value import would put it back in every page. */
const LAZY_SONNER = {
  name: 'sonner',
  allowTypeImports: true,
  message: "Import toast from '@/components/ui/toast'; sonner loads with the first toast.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'apps/web/public/**',
      'coverage/**',
      'test-results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The web app's imports flow one way: shared (components, hooks, lib, config), then features,
  // then app. Features never import each other (a feature reaches its own files relatively).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/features/**'],
              message: 'Features never import each other; compose them in app/.',
            },
            { group: ['@/app/*', '@/app/**'], message: 'Features do not import from app/.' },
          ],
          paths: [LAZY_SONNER],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,hooks,lib,config}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/features/**', '@/app/*', '@/app/**'],
              message: 'Shared code imports no feature and nothing from app/.',
            },
          ],
          paths: [LAZY_SONNER],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [LAZY_SONNER] }] },
  },
  // Query and mutation keys come from the one factory per resource in lib/query-keys.ts
  // (decision 031): a key typed out as an array elsewhere is a second spelling that can drift.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/query-keys.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(queryKey|mutationKey)$/] ArrayExpression',
          message: "Take the key from its factory in '@/lib/query-keys'.",
        },
        {
          selector: 'VariableDeclarator[id.name=/_KEY$/] ArrayExpression',
          message: "Take the key from its factory in '@/lib/query-keys'.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
