/**
 * Import cycles, checked over the whole repository by `npm run lint` (docs/dependencies.md says
 * why this tool): type-only imports count too, since a cycle of types is a cycle of design.
 * The other import rules (boundaries between packages) live in eslint.config.mjs.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
