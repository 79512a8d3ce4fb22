// ESLint flat config: the layer boundaries, import cycles, file names, promises (type-aware), React hooks rules and accessibility that
// decision 0038 describes. `npm run lint` runs it with knip; scripts/test-all.sh runs that after the typechecks.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** The app layer: it composes features and shared code; nothing below it may import it. */
const appLayer = ['./src/routes', './src/app', './src/main.tsx', './src/router.tsx', './src/routeTree.gen.ts'];
/** The shared layer: it imports only itself (and packages). */
const sharedLayer = [
  './src/contracts',
  './src/rules',
  './src/components',
  './src/platform',
  './src/api',
  './src/offline',
  './src/styles',
  './src/lib',
];
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const areas = readdirSync(new URL('./server/areas', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The server's entry points and composition: they import anything, nothing imports them. */
const serverApp = [
  './server/app.ts',
  './server/main.ts',
  './server/cluster.ts',
  './server/content-cli.ts',
  './server/move-to-postgres-cli.ts',
  './server/telemetry.ts',
  './server/jobs',
  './server/seed',
];

/**
 * The server's layers: `lib` (helpers without a business rule) and `db` (schema, client, runtime) at the bottom, the
 * kernel (ledger, audit, suspension, rate limits, authentication, idempotency) above them, the areas above the
 * kernel, and the app (`app.ts`, entry points, jobs, seed) on top. An area imports only the kernel, `db`, `lib` and
 * its own files; the console, which runs every area, may also use the other areas' services.
 */
const serverZones = [
  ...['./server/lib', './server/db'].map((target) => ({
    target,
    from: ['./server/kernel', './server/areas', ...serverApp],
    message: 'server/lib and server/db hold no business rule: they import neither the kernel, the areas nor the app.',
  })),
  {
    target: './server/kernel',
    from: ['./server/areas', ...serverApp],
    message: 'The kernel is what areas share: it imports server/db and server/lib, never an area or the app.',
  },
  {
    target: './server/areas',
    from: serverApp,
    message: 'Areas import only the kernel, server/db and server/lib: the app layer (app.ts, jobs) composes them.',
  },
  ...areas
    .filter((area) => area !== 'console')
    .map((area) => ({
      target: `./server/areas/${area}`,
      from: './server/areas',
      except: [`./${area}`],
      message: 'Areas do not import each other: move the shared piece to the kernel, or compose in app.ts.',
    })),
  {
    target: './server/areas/console',
    from: './server/areas/*/*',
    except: ['**/server/areas/console/*', '**/server/areas/*/*.service.ts'],
    message: 'The console uses other areas through their services only (`<area>.service.ts`), never their routes.',
  },
];

const layerZones = [
  ...serverZones,
  // shared -> features -> app: an import may only point down the layers.
  ...sharedLayer.map((target) => ({
    target,
    from: ['./src/features', ...appLayer],
    message: 'Shared code imports neither features nor the app layer (decision 0038): pass what it needs in.',
  })),
  {
    target: './src/features',
    from: appLayer,
    message: 'Features do not import the app layer (decision 0038).',
  },
  // Features never import each other: the app layer composes them.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other (decision 0038): compose them in src/routes or src/app, or move the shared piece to the shared layer.',
  })),
  // Inside the shared layer: contracts import only zod, rules only contracts, the HTTP client only contracts and
  // platform, and platform never the HTTP client.
  {
    target: './src/contracts',
    from: sharedLayer.filter((folder) => folder !== './src/contracts'),
    message: 'Contracts import only zod and other contracts: move the rule or constant into the contract.',
  },
  {
    target: './src/rules',
    from: sharedLayer.filter((folder) => folder !== './src/contracts' && folder !== './src/rules'),
    message: 'Rules import only contracts (and other rules): they are pure, shared by the server and the app.',
  },
  {
    target: './src/api',
    from: sharedLayer.filter((folder) => !['./src/contracts', './src/platform', './src/api'].includes(folder)),
    message: 'The HTTP client imports only contracts and platform.',
  },
  {
    target: './src/platform',
    from: './src/api',
    message: 'Platform code does not call the API: the HTTP client builds on platform, not the other way.',
  },
  { target: './src', from: './server', message: 'The PWA never imports the server.' },
  {
    target: './server',
    from: './src',
    except: ['./contracts', './rules'],
    message: 'The server imports only src/contracts and src/rules from the PWA.',
  },
  { target: './sw', from: ['./src/features', ...appLayer, './server'], message: 'The service worker imports only shared code.' },
];

/** Kebab-case names; TanStack route files also allow `$param`, `__root`, `_layout`, `-private` and `index`. */
const kebab = '+([a-z0-9])*(-+([a-z0-9]))';
const routeName = `@(__root|?([$_-])${kebab})`;

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'server/db/migrations/**',
      'playwright-report/**',
      'test-results/**',
      '.tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'check-file/filename-naming-convention': [
        'error',
        { '{src,server,sw,test,scripts}/**/*.{ts,tsx,js,mjs,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,server,sw,test,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Type-aware rules: each file is read with its nearest tsconfig (the server's has no DOM, the worker's its own).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection, a toast never shown); `void` says it is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The server reads its environment in one place, validated (server/env.ts); everything else receives an `Env`.
    files: ['server/**/*.ts'],
    ignores: ['server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment through server/env.ts (processEnv / an Env argument).' },
      ],
    },
  },
  {
    // The database runtime (units of work, prepared statements, batching) is used through its one entry.
    files: ['server/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/db/runtime/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/runtime/*'], message: 'Import the database runtime from its entry, server/db/runtime.' }] },
      ],
    },
  },
  {
    // TanStack file routes name params, layouts and private files with leading tokens.
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'check-file/filename-naming-convention': ['error', { 'src/routes/**/*.{ts,tsx}': routeName }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'src/routes/**/': routeName }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
