// The engine tests (engines/site.test.ts) in Firefox ESR and WebKitGTK: run them with
// `npm run test:engines` (scripts/test-engines.ts), which picks the engines and the display.
const path = require('node:path');

module.exports = {
  displayName: 'engines',
  rootDir: path.join(__dirname, '..'),
  testMatch: ['<rootDir>/engines/**/*.test.ts'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/engines/global-setup.ts',
  globalTeardown: '<rootDir>/engines/global-teardown.ts',
  // One browser at a time: the machine has two cores, and each engine test waits on real pages.
  maxWorkers: 1,
  testTimeout: 60_000,
};
