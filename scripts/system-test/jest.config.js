/**
 * The fault system suite (`npm run test:system`, docs/architecture.md §11): one-node mode under kill -9, a Redis outage and
 * a PostgreSQL restart, on throw-away servers. Separate from `npm test`: it needs redis-server and the
 * PostgreSQL server binaries, starts real processes, and takes minutes. Run in band (one file, one product).
 * @type {import('jest').Config}
 */
const path = require('node:path');

module.exports = {
  rootDir: path.resolve(__dirname, '../..'),
  testEnvironment: 'node',
  roots: ['<rootDir>/scripts/system-test'],
  testMatch: ['<rootDir>/scripts/system-test/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(jose|uuid|nanoid)/)'],
  testTimeout: 240_000,
  maxWorkers: 1,
};
