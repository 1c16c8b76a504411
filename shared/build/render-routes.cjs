// Child process of prerender.cjs: renders every route of a package's Node bundle and prints
// { [path]: { ...rendered, modules } } as JSON. Each route gets a fresh copy of the bundle, so
// `modules` (the ids in its module cache) lists exactly what that route rendered.
const bundle = require.resolve(process.argv[2]);

function load() {
  delete require.cache[bundle];
  return require(bundle);
}

async function main() {
  const result = {};
  for (const routePath of load().routePaths()) {
    const renderer = load();
    const rendered = await renderer.renderRoute(routePath);
    result[routePath] = { ...rendered, modules: renderer.loadedModules().sort() };
  }
  process.stdout.write(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
