// One lint configuration for the whole monorepo. It guards the boundaries between the teams'
// packages (see "Import boundaries" below), the rules of hooks and accessible markup.
// Formatting is Prettier's job (`.prettierrc.json`); eslint-config-prettier turns off the
// stylistic rules that would fight it.
import { createRequire } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const require = createRequire(import.meta.url);

/** `@wpc/shared/routes`, `@wpc/shared/ui`, ...: the only ways into shared code (its package exports). */
const SHARED_ENTRY_POINTS = Object.keys(require('./shared/package.json').exports).map(
  (entry) => `@wpc/shared/${entry.slice(2)}`,
);

/** Libraries that exist only for the browser; the API must never pull them in. */
const BROWSER_LIBRARIES = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router-dom',
  'single-spa',
  'single-spa-react',
  'leaflet',
  '@module-federation/*',
  '@testing-library/*',
];

const SOURCE_FILES = '**/*.{ts,tsx,js,jsx,cjs,mjs,cts,mts}';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'mfe-*/data/**',
      'test-results/**',
      'test-reports/**',
      'playwright-report/**',
      'api/data/**',
      '**/coverage/**',
    ],
  },
  {
    files: [SOURCE_FILES],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // `_`-prefixed names are deliberately unused (Express error handlers, positional arguments).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name="only"]',
          message: 'No .only: it silently skips the rest of the suite.',
        },
      ],
    },
  },
  {
    // CommonJS files: webpack configs, jest config, Node helpers.
    files: ['**/*.{cjs,cts}', '**/webpack.config.js', 'jest.config.js', 'test-support/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: {
      // These files are CommonJS by design (webpack and jest load them with require).
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Code that runs in Node: servers, build scripts, the API, configs and end-to-end tests.
    files: [
      'api/**',
      'shell/server/**',
      'shared/server/**',
      'shared/build/**',
      'shared/ports.*',
      'scripts/**',
      '**/e2e/**',
      '*.config.{js,mjs,ts}',
      '**/webpack.config.js',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Browser code, and the jest tests that run it in jsdom.
    files: ['shared/src/**', 'shell/src/**', 'mfe-*/src/**', 'test-support/**', '**/test/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/test/**', 'test-support/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // The pages' and the console's browser code take wire schemas as types only: zod compiles its
    // checks with `new Function`, which the pages' CSP refuses (no 'unsafe-eval'), and it weighs.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'Browser code cannot run zod under the CSP.' }],
          patterns: [
            {
              group: ['@wpc/shared/*/schemas', '@wpc/shared/*/*-schemas', '@wpc/shared/content-contract'],
              allowTypeImports: true,
              message: 'Wire schemas are zod: import their types only, and constants from the module beside them.',
            },
          ],
        },
      ],
    },
  },
  {
    // React code: rules of hooks (including the React Compiler checks) and accessible markup.
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
  },

  // Import boundaries. Each team owns one package; they meet only through @wpc/shared's entry
  // points, which Module Federation shares as singletons (a relative path into shared/ would
  // bundle a second copy).
  {
    files: [SOURCE_FILES],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { project: './tsconfig.json', alwaysTryTypes: true },
        node: true,
      },
      'boundaries/include': [SOURCE_FILES],
      'boundaries/elements': [
        // Order matters: the first pattern that matches a file names its element.
        { type: 'shared', partialMatch: false, pattern: 'shared/src/**' },
        { type: 'shared-tooling', partialMatch: false, pattern: 'shared/{build,server,scripts}/**' },
        { type: 'shared-tooling', partialMatch: false, pattern: 'shared/ports.*' },
        { type: 'shared-tests', partialMatch: false, pattern: 'shared/test/**' },
        { type: 'remote', partialMatch: false, pattern: 'mfe-*/**', capture: ['name'] },
        { type: 'shell', partialMatch: false, pattern: 'shell/**' },
        { type: 'api', partialMatch: false, pattern: 'api/**' },
        { type: 'test-support', partialMatch: false, pattern: 'test-support/**' },
      ],
      // Shared code that only makes sense in a browser (React components, the DOM).
      'boundaries/files': [
        { category: 'browser', pattern: 'shared/src/{ui,forms,area,status}/**' },
        { category: 'browser', pattern: 'shared/src/navigation.tsx' },
        // Code that browser bundles are built from (and the prerender of the same pages).
        { category: 'front-end-source', pattern: '{shared,shell,mfe-*}/src/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Also check packages from node_modules (the API's browser-library ban needs it).
          checkAllOrigins: true,
          policies: [
            {
              from: { element: { type: 'remote' } },
              disallow: { to: { element: { types: ['remote', 'shell', 'api'] } } },
              message:
                'A remote imports only its own files and @wpc/shared entry points, never another remote, shell/ or api/.',
            },
            {
              from: { element: { type: 'remote' } },
              allow: { to: { element: { type: 'remote', captured: { name: '{{ from.captured.name }}' } } } },
            },
            {
              from: { element: { type: 'shell' } },
              disallow: { to: { element: { types: ['remote', 'api'] } } },
              message:
                'The shell loads remotes at run time through Module Federation; it never imports their code or the API.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: ['remote', 'shell', 'api'] } } },
              message: 'shared/src is used by everyone, so it imports no remote, shell or api code.',
            },
            {
              from: { element: { type: 'api' } },
              disallow: [
                { to: { element: { types: ['remote', 'shell'] } } },
                { to: { file: { categories: 'browser' } } },
              ],
              message:
                'The API runs in Node: no browser code (shared ui, forms, area, status, navigation), no remote or shell code.',
            },
            {
              from: { element: { type: 'api' } },
              disallow: { to: { module: { origin: 'external', source: BROWSER_LIBRARIES } } },
              message: 'The API runs in Node: it never imports React or other browser libraries.',
            },
            {
              from: { file: { categories: 'front-end-source' } },
              disallow: { to: { element: { type: 'shared-tooling' } } },
              message:
                'Browser code imports no build, server or port file of shared/: what the build, the edge and the browser agree on is in shared/src (@wpc/shared/page-contract).',
            },
            {
              // Front-end code reaches shared code only through its package entry points.
              from: { element: { types: ['remote', 'shell', 'api'] } },
              disallow: {
                to: { element: { types: ['shared', 'shared-tooling'] } },
                dependency: { source: `!{${SHARED_ENTRY_POINTS.join(',')}}` },
              },
              message: `Import shared code through a @wpc/shared entry point (${SHARED_ENTRY_POINTS.join(', ')}), not by path.`,
            },
          ],
        },
      ],
    },
  },
  prettier,
);
