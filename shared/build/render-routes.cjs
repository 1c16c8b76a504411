// Child process of prerender.cjs: renders a package's pages from its Node bundle and prints JSON.
// - The shell: { [path]: { ...rendered, modules } } for each of its routes, each route in a fresh
//   copy of the bundle, so `modules` (the ids in its module cache) lists what that route rendered.
// - A remote: { routes: { [route]: { modules } }, pages: { [path]: rendered }, model, seed }: for
//   each route and route pattern, the modules its page loads (a fresh copy each), then every page
//   its seed gives it, rendered as its server renders them at run time (content-renderer.ts).
const bundle = require.resolve(process.argv[2]);

function load() {
  delete require.cache[bundle];
  return require(bundle);
}

async function renderShell() {
  const result = {};
  for (const routePath of load().routePaths()) {
    const renderer = load();
    const rendered = await renderer.renderRoute(routePath);
    result[routePath] = { ...rendered, modules: renderer.loadedModules().sort() };
  }
  return result;
}

async function renderRemote() {
  const routes = {};
  for (const route of load().routeEntries()) {
    const renderer = load();
    await renderer.loadRoutePage(route);
    routes[route] = { modules: renderer.loadedModules().sort() };
  }
  const renderer = load();
  const pages = {};
  for (const routePath of renderer.routePaths()) pages[routePath] = await renderer.renderRoute(routePath);
  return { routes, pages, model: renderer.contentModelJson(), seed: renderer.seedEntries() };
}

async function main() {
  const result = 'renderPage' in load() ? await renderRemote() : await renderShell();
  process.stdout.write(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
