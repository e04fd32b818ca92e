import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * A feature asks a sibling through the small lookup the sibling declares (see
 * src/features/feature.ts), never through its store: a file `depth` folders below src/features/
 * may not import another feature's `*.store.js`. One config block per depth, since the same
 * relative path names the own feature at one depth and a sibling at another.
 */
const FEATURE_DEPTHS = [1, 2, 3, 4, 5];
const siblingStoreImports = (depth) => ({
  files: [`src/features/${'*/'.repeat(depth)}*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth}}[^./][^/]*/(.+/)?[^/]+\\.store(\\.js)?$`,
            message:
              "Another feature's store: take the owner's lookup (e.g. UsersLookup) as a dependency instead.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'bench/results/', 'test-output/', 'web/dist/', 'scripts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Units of work go through store/transaction.ts, which re-runs them on deadlocks. Errors are
    // declared once at module level (one rule entry: ESLint keeps only the last options of a rule).
    files: ['src/**/*.ts'],
    ignores: ['src/store/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Use inTransaction() or a unitOfWork from src/store/transaction.ts: it retries deadlocks.',
        },
        {
          selector: ":function CallExpression[callee.name='defineError']",
          message:
            "Declare the error once at module level in the feature's <feature>.errors.ts; a varying message is a function over that declared kind.",
        },
      ],
    },
  },
  {
    // SQL lives in stores: the query builder is imported by *.store.ts and src/store/ only.
    files: ['src/**/*.ts'],
    ignores: ['src/store/**', 'src/**/*.store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'SQL belongs in a *.store.ts (or src/store/).' }] },
      ],
    },
  },
  {
    // Layers below the features (the access-control kernel, HTTP plumbing, storage, config and
    // libraries) know no feature: features import them, never the other way round.
    files: ['src/access/**', 'src/http/**', 'src/store/**', 'src/lib/**', 'src/config/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message:
                'Features depend on this layer, not the other way round: take what you need as a dependency.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURE_DEPTHS.map(siblingStoreImports),
  {
    // The UI shares the server's wire types (Static<> of its TypeBox schemas) but never its code:
    // web/ may import from src/ only with `import type`.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // src/ seen from web/src/ and its folders
              group: ['../../src/**', '../../../src/**', '../../../../src/**', '../../../../../src/**'],
              allowTypeImports: true,
              message: 'web/ imports the server only with `import type` (its wire types).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies loosely and assert on them with expect().
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', Buffer: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
