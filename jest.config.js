/**
 * One jest run for the whole monorepo. TypeScript (and the few ESM-only dependencies, such as jose and
 * uuid) are compiled to CommonJS by @swc/jest; type checking is `npm run typecheck`'s job.
 * @type {import('jest').Config}
 */
module.exports = {
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
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|uuid|nanoid)/)'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
