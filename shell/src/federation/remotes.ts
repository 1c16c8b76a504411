import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { LifeCycles } from 'single-spa';

export type RemoteConfig = Readonly<Record<RemoteArea, string>>;

/** Where each remote's mf-manifest.json lives; read at run time so a remote moves without a shell build. */
export async function fetchRemoteConfig(url = '/remotes.json'): Promise<RemoteConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const config = (await response.json()) as Partial<Record<string, unknown>>;
  for (const area of REMOTE_AREAS) {
    if (typeof config[area] !== 'string') throw new Error(`${url} has no entry for the "${area}" remote`);
  }
  return config as RemoteConfig;
}

let registered: Promise<void> | undefined;

export function registerRemoteAreas(config: Promise<RemoteConfig>): Promise<void> {
  registered = config.then((entries) =>
    registerRemotes(REMOTE_AREAS.map((area) => ({ name: area, entry: new URL(entries[area], window.location.href).href }))),
  );
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
