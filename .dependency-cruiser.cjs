/**
 * Import cycles, checked over the whole repository by `npm run lint` (docs/dependencies.md says
 * why this tool): type-only imports count too, since a cycle of types is a cycle of design.
 * The other import rules (boundaries between packages) live in eslint.config.mjs.
 */
/**
 * The API's layers, top to bottom (api/README.md "Layers"): a folder (or file) of api/src may
 * import those below it and beside it in its row, never one above, so no two folders import each
 * other.
 */
const API_LAYERS = [
  ['server.ts', 'app.ts'],
  ['openapi'],
  ['routes'],
  ['team'],
  ['updates', 'content', 'impact'],
  ['notify', 'submissions', 'assessment', 'test-clock.ts'],
  ['http'],
  ['uploads'],
  ['store.ts'],
  ['records'],
  ['mail', 'config', 'db', 'logger.ts', 'housekeeping.ts'],
];
const apiPath = (names) => `^api/src/(${names.map((name) => name.replace('.', '\\.')).join('|')})($|/)`;
const apiLayerRules = API_LAYERS.slice(1).map((row, index) => ({
  name: `api-layer-${row.join('-')}`,
  severity: 'error',
  comment: 'An api/src folder imports only the layers below it (api/README.md "Layers").',
  from: { path: apiPath(row) },
  to: { path: apiPath(API_LAYERS.slice(0, index + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...apiLayerRules,
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere: two modules that need each other are one module, or share a third.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results|test-reports|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
