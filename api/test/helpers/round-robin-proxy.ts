import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  readonly url: string;
  /** How many requests each upstream received, in upstream order. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of several upstreams, taking them in turn as nginx's default
 * upstream balancing does, and forwarding the client address as X-Forwarded-For. A request
 * may name its client address in `X-Test-Client` (the proxy sees every test request from
 * 127.0.0.1).
 */
export async function roundRobinProxy(upstreamPorts: readonly number[]): Promise<RoundRobinProxy> {
  const served = upstreamPorts.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreamPorts.length;
    served[index] = (served[index] ?? 0) + 1;
    const { 'x-test-client': client, ...headers } = req.headers;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPorts[index],
        method: req.method,
        path: req.url,
        headers: { ...headers, 'x-forwarded-for': String(client ?? req.socket.remoteAddress) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'Upstream unavailable.' }));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
