import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PLANTED_AT_LOAD = 'Planted error while the page loads';
export const PLANTED_ON_CLICK = 'Planted error on a click';

/**
 * A page with two planted script errors, one thrown while it loads and one by its button, served
 * on a port of its own: the engine tests prove with it that each engine's error check reports what
 * a page throws, so a silent recorder cannot pass every route.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Planted script errors</title>
    <script>throw new Error('${PLANTED_AT_LOAD}');</script>
  </head>
  <body>
    <main>
      <h1>Planted script errors</h1>
      <button type="button" id="throw" onclick="throw new Error('${PLANTED_ON_CLICK}')">Throw</button>
    </main>
  </body>
</html>`;

export async function servePlantedErrorPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
