/** Where the fake content API (cli.ts) listens, beside the API's port: API_PORT + 1, its control + 2. */
export function contentApiPorts(env: NodeJS.ProcessEnv = process.env): { api: number; control: number } {
  const apiPort = Number(env.API_PORT || 5555);
  return {
    api: Number(env.CONTENT_API_PORT || apiPort + 1),
    control: Number(env.CONTENT_CONTROL_PORT || apiPort + 2),
  };
}

export const fakeContentOrigin = (env: NodeJS.ProcessEnv = process.env) =>
  `http://127.0.0.1:${contentApiPorts(env).api}`;
export const fakeContentControl = (env: NodeJS.ProcessEnv = process.env) =>
  `http://127.0.0.1:${contentApiPorts(env).control}`;
