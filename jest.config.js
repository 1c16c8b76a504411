// One jest run over every package: browser code in jsdom, the API in node.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const sharedExports = require('./shared/package.json').exports;
const moduleNameMapper = {
  '\\.(css)$': '<rootDir>/../test-support/style-stub.js',
  '\\.(svg|png|jpe?g|webp|pdf|zip)$': '<rootDir>/../test-support/file-stub.js',
};
for (const [entry, target] of Object.entries(sharedExports)) {
  if (entry.includes('*') || entry.endsWith('.css')) continue;
  moduleNameMapper[`^@wpc/shared/${entry.slice(2)}$`] = path.join(__dirname, 'shared', target);
}

const project = (name, environment) => ({
  displayName: name,
  rootDir: path.join(__dirname, name),
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  testEnvironment: environment,
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // file-type and its helpers ship only ES modules, and so do beasties' HTML and CSS helpers and
  // marked, and Observable Plot with d3 (the console's Impact charts).
  transformIgnorePatterns: [
    '/node_modules/(?!(file-type|strtok3|token-types|peek-readable|@tokenizer|uint8array-extras|@borewit|beasties|boolbase|css-select|css-what|dom-serializer|domelementtype|domhandler|domutils|entities|htmlparser2|nth-check|marked|sanitize-html|@observablehq|d3|d3-[a-z-]+|internmap|delaunator|robust-predicates|isoformat)/)',
  ],
  moduleNameMapper,
  setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'test-support/jsdom-setup.ts')] : [],
});

module.exports = {
  // Component tests drive whole forms; a busy 2-core CI machine needs more than the 5 s default.
  // A global option: jest reads it from here only, never from a project (it was ignored there).
  testTimeout: 15_000,
  projects: [
    project('shared', 'jsdom'),
    project('shell', 'jsdom'),
    project('mfe-home', 'jsdom'),
    project('mfe-scorecard', 'jsdom'),
    project('mfe-showcase', 'jsdom'),
    project('mfe-map', 'jsdom'),
    // The test tooling of the repository itself (scripts/: the summary line of npm test).
    project('scripts', 'node'),
    {
      ...project('api', 'node'),
      // file-type's "node" export offers only import/module-sync conditions, which jest's
      // require() resolution does not match; point it at the Node entry (swc transforms it).
      moduleNameMapper: {
        ...moduleNameMapper,
        '^file-type$': path.join(__dirname, 'node_modules/file-type/index.js'),
      },
    },
  ],
};
