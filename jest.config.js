/**
 * One jest run for the whole monorepo, in two projects:
 * - 'node': every `test/**\/*.test.ts` and the browser tests `web/e2e/**\/*.test.ts`, in Node;
 * - 'web': the web app's component tests `web/**\/*.test.tsx`, in jsdom (jest-fixed-jsdom: jsdom with Node's
 *   fetch, streams and AbortSignal, which react-router's loaders need) with Testing Library; their global setup
 *   starts the product once (`web/test/global-setup.ts`) and the components call its real API.
 * TypeScript (and the few ESM-only dependencies, such as jose and uuid) are compiled to CommonJS by @swc/jest;
 * type checking is `npm run typecheck`'s job.
 * @type {import('jest').Config}
 */
const swc = (options = {}) => [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', ...options },
    module: { type: 'commonjs' },
  },
];
const transformIgnorePatterns = ['/node_modules/(?!(jose|uuid|nanoid)/)'];

module.exports = {
  // A test's (and a hook's) longest time. Suites' setup hooks start whole services on PGlite; on the 2-core CI
  // machine, two workers at once, a busy moment has made such a hook take over 60 s. A hang still fails.
  testTimeout: 120_000,
  maxWorkers: 2,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/contracts',
        '<rootDir>/services',
        '<rootDir>/gateway',
        '<rootDir>/scripts',
        '<rootDir>/web',
        '<rootDir>/deploy',
      ],
      testMatch: ['**/test/**/*.test.ts', '**/e2e/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc() },
      transformIgnorePatterns,
      // Pure web modules under test may sit next to a component that imports its CSS module.
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    },
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/web'],
      testMatch: ['**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc({ transform: { react: { runtime: 'automatic' } } }) },
      transformIgnorePatterns,
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
      globalSetup: '<rootDir>/web/test/global-setup.ts',
      globalTeardown: '<rootDir>/web/test/global-teardown.ts',
    },
  ],
};
