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
  {
    files: ['web/src/shell/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', shellBoundary] },
  },
  {
    files: ['web/src/map/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', mapBoundary] },
  },
);
