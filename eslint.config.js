// Lint errors are errors. The import rules keep the layers pointing one way (see DESIGN.md).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const CONFIG = { group: ['**/config/*'], message: 'config is read only in main/ (composition roots) and passed in deps' }
const SQL = { group: ['kysely', 'pg', 'better-sqlite3', '**/store/*'], message: 'only store/ and services/ touch the database' }
const LAYERS = {
  'src/domain/**': [CONFIG, SQL, { group: ['**/services/*', '**/api/*', '**/engine/*', '**/runners/*', 'fastify'], message: 'domain is pure: it imports only lib and itself' }],
  'src/runners/**': [CONFIG, SQL, { group: ['**/services/*', '**/api/*'], message: 'runners never touch the database or the API internals' }],
  'src/analytics/**': [CONFIG, SQL, { group: ['**/services/*', '**/api/*', 'fastify'], message: 'analytics aggregation is pure: stores read, it computes' }],
  'src/api/**': [CONFIG, SQL],
  'src/web/**': [CONFIG, SQL],
  'src/agent/**': [CONFIG, SQL, { group: ['**/services/*'], message: 'the agent talks to the API over HTTP only' }],
  'src/constructs/**': [
    CONFIG,
    SQL,
    {
      group: ['**/services/*', '**/api/*', '**/engine/*', '**/runners/*', '**/store/*', '**/cli/*', 'fastify'],
      message: 'constructs import only domain and lib: users load them in their check files',
    },
  ],
  'src/services/**': [CONFIG],
  'src/store/**': [CONFIG],
  'src/lib/**': [CONFIG],
  'src/engine/**': [CONFIG],
  'src/alerting/**': [CONFIG],
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'dist/**',
      'coverage/**',
      'console/dist/**',
      'test/fixtures/playwright-projects/**',
      'test/fixtures/vendor-test-project/**',
      'test/fixtures/vendor-project/**',
      'test/fixtures/checkly-style-project/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'URLSearchParams',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'setImmediate',
          'performance',
          'Buffer',
          'AbortController',
          'fetch',
          'TextEncoder',
          'TextDecoder',
        ].map((g) => [g, 'readonly']),
      ),
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One concept per file: a file that grows past this is two concepts.
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its error and its ordering.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'console/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // CommonJS files loaded into users' runs (the browser runner's preload and helper package).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts of the public pages, run in viewers' browsers.
    files: ['src/web/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        document: 'readonly',
        window: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        setInterval: 'readonly',
        Promise: 'readonly',
        Number: 'readonly',
        String: 'readonly',
      },
    },
  },
  {
    // The web console: client code run in browsers; it reaches the service through the public API only.
    files: ['console/src/**/*.{ts,tsx}'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'navigator',
          'localStorage',
          'history',
          'location',
          'fetch',
          'Response',
          'Headers',
          'URL',
          'URLSearchParams',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'requestAnimationFrame',
          'cancelAnimationFrame',
          'ResizeObserver',
          'Intl',
          'Event',
          'KeyboardEvent',
          'MouseEvent',
          'HTMLElement',
          'HTMLInputElement',
          'Blob',
          'performance',
          'console',
        ].map((g) => [g, 'readonly']),
      ),
    },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/*', '../../src/**', 'node:*', 'fastify', 'kysely'], message: 'the console talks to the public API only; it imports no server code' }] },
      ],
    },
  },
  ...Object.entries(LAYERS).map(([files, patterns]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
)
