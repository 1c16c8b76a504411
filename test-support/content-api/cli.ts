/**
 * The fake content API as a process, for the end-to-end tests and `npm run bench:publish` while
 * the real API has no publishing (issue 28, part B): the contract on CONTENT_API_PORT, its control
 * on CONTENT_CONTROL_PORT (both derived from API_PORT by default: +1 and +2). It starts with every
 * area's built seed published, as the API does after it loads the seeds.
 */
import { CONTENT_AREAS } from '../../shared/src/content-model/declare';
import { closeOnSignal, runCli } from '../cli';
import { contentApiPorts } from './ports';
import { FakeContentApi, readBuiltSeed, startContentControl } from './server';

async function main(): Promise<void> {
  const { api: apiPort, control: controlPort } = contentApiPorts();
  const api = new FakeContentApi({ port: apiPort });
  for (const area of CONTENT_AREAS) api.load(area, readBuiltSeed(area));
  await api.start();
  const control = await startContentControl(api, controlPort);
  console.log(`fake content API on ${api.origin}; control on http://127.0.0.1:${controlPort}`);
  closeOnSignal(() => {
    control.close();
    return api.stop();
  });
}

runCli(main);
