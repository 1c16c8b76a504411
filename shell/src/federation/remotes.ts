// The remotes as the federation runtime knows them: registered from the remote list (with this
// browser's overrides laid over it), and each area's single-spa lifecycles loaded from its remote.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { LifeCycles } from 'single-spa';
import { applyOverrides, browserStorage } from './overrides';
import type { RemoteConfig } from './remote-config';

let registered: Promise<void> | undefined;
let baseConfig: Promise<RemoteConfig> | undefined;

/** The configuration the site was given (remotes.json or the server's inline copy), before overrides. */
export function siteRemoteConfig(): Promise<RemoteConfig> | undefined {
  return baseConfig;
}

export function registerRemoteAreas(config: Promise<RemoteConfig>): Promise<void> {
  baseConfig = config;
  registered = config.then((entries) => {
    // A developer's own overrides (overrides.ts) replace entries in their browser only.
    const effective = applyOverrides(entries, browserStorage());
    return registerRemotes(
      REMOTE_AREAS.map((area) => ({ name: area, entry: new URL(effective[area], window.location.href).href })),
    );
  });
  return registered;
}

/** Fetches a remote's single-spa lifecycles; rejects when the remote cannot be reached. */
export async function loadAreaLifecycles(area: RemoteArea): Promise<LifeCycles> {
  if (!registered) throw new Error('Remotes are not registered yet');
  await registered;
  const lifecycles = await loadRemote<LifeCycles>(`${area}/spa`);
  if (!lifecycles) throw new Error(`The ${area} remote exposes no ./spa module`);
  return lifecycles;
}
