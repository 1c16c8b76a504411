import { ENGINE_NAMES, type EngineName } from './driver';
import { launchFirefox } from './firefox';
import { guard, type GuardedDriver } from './guard';
import { BASE_URL } from './site';
import { launchWebKit } from './webkit';

/** The engines of this run: ENGINES=firefox,webkit (scripts/test-engines.ts sets it from --engine). */
export function selectedEngines(): readonly EngineName[] {
  const wanted = process.env.ENGINES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!wanted || wanted.length === 0) return ENGINE_NAMES;
  for (const name of wanted) {
    if (!ENGINE_NAMES.includes(name as EngineName)) {
      throw new Error(`Unknown engine "${name}" in ENGINES; known: ${ENGINE_NAMES.join(', ')}`);
    }
  }
  return wanted as EngineName[];
}

export async function launch(engine: EngineName): Promise<GuardedDriver> {
  return guard(await (engine === 'firefox' ? launchFirefox(BASE_URL) : launchWebKit(BASE_URL)));
}
