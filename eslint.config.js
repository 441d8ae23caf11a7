import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The domain holds the pure rules shared by server and web; it must never reach back into either.
const domainBoundary = {
  patterns: [
    {
      regex: '^@headland/(server|web)(/|$)',
      message: 'domain/ must not import the server or the web app.',
    },
    {
      regex: '^(\\.\\./)+(server|web)(/|$)',
      message: 'domain/ must not import the server or the web app.',
    },
  ],
};

// Server modules (server/src/modules/<area>/) use one another only through their services: another area's
// `*.service.ts` files are its public surface, everything else in its folder is private to it (docs/ARCHITECTURE.md).
const otherModuleInternals = {
  regex: '^\\.\\./[^./][^/]*/(?!.*\\.service(\\.ts)?$).+',
  message: "Another area's files are private to it: import what it offers from its *.service.ts.",
};

// The core (auth, db, http, plugins, mail, events, files) serves every module and never depends on one.
const coreIndependence = {
  regex: '^(\\.\\./)+modules/',
  message: 'The core must not import a module: move what both need into the core.',
};

// Services hold rules and transactions; every statement lives in the area's *.queries.ts (issue 20).
const serviceSqlBuilders = {
  paths: [
    {
      name: 'drizzle-orm',
      allowTypeImports: true,
      message: "Statements live in the area's *.queries.ts; services call those.",
    },
  ],
  patterns: [
    {
      regex: '(^|/)db/(sqlRows|schema)(\\.ts)?$|(^|/)db/tables/',
      message: "Statements live in the area's *.queries.ts; services call those.",
    },
  ],
};

// The web's layers (docs/ARCHITECTURE.md): the shell reads modules only through their registry, and the map
// library imports nothing above it. Tested in web/src/modules/moduleBoundaries.test.ts.
const shellBoundary = {
  patterns: [
    {
      regex: '^(\\.\\./)+modules/(?!moduleRegistry(\\.ts)?$)',
      message:
        'The shell reads modules only through modules/moduleRegistry.ts: add to the module entry instead.',
    },
  ],
};
const mapBoundary = {
  patterns: [
    {
      regex: '^(\\.\\./)+(modules|shell)(/|$)',
      message: 'web/src/map/ imports nothing above it: pass what it needs through its options.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The embedded database's default folder, wherever the server was started; not seed/data sources.
      'data/**',
      '*/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      // Scratch files by convention (bench/results/*.tmp.json is ignored by git for the same reason).
      '**/*.tmp.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['domain/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', domainBoundary] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // Server boundaries. With flat config the last block matching a file sets its `no-restricted-imports`, so
  // each block lists every restriction its files carry.
  {
    files: ['server/src/{auth,db,http,plugins,mail,events,files}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreIndependence] }] },
  },
  {
    files: ['server/src/modules/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  {
    files: ['server/src/modules/*/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: serviceSqlBuilders.paths, patterns: [otherModuleInternals, ...serviceSqlBuilders.patterns] },
      ],
    },
  },
  // Web boundaries: the shell imports only modules/moduleRegistry; the map library neither modules nor shell.
  {
    files: ['web/src/shell/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', shellBoundary] },
  },
  {
    files: ['web/src/map/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', mapBoundary] },
  },
);
