import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import type { LifeCycles } from 'single-spa';
import { INLINE_REMOTES_ID } from '@wpc/shared/build/page-contract.cjs';
import { showOverrideBanner } from './OverrideBanner';
import { applyOverrides, browserStorage } from './overrides';

export type RemoteConfig = Readonly<Record<RemoteArea, string>>;

function checkRemoteConfig(config: Partial<Record<string, unknown>>, source: string): RemoteConfig {
  for (const area of REMOTE_AREAS) {
    if (typeof config[area] !== 'string') throw new Error(`${source} has no entry for the "${area}" remote`);
  }
  return config as RemoteConfig;
}

/** Where each remote's mf-manifest.json lives; read at run time so a remote moves without a shell build. */
export async function fetchRemoteConfig(url = '/remotes.json'): Promise<RemoteConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return checkRemoteConfig((await response.json()) as Partial<Record<string, unknown>>, url);
}

/**
 * The remote list the page starts with: the copy the edge inlined in the document (no extra
 * round trip), or remotes.json when there is none (the webpack dev server's page).
 */
export async function remoteConfig(): Promise<RemoteConfig> {
  const inlined = document.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!inlined) return fetchRemoteConfig();
  return checkRemoteConfig(JSON.parse(inlined) as Partial<Record<string, unknown>>, 'The inlined remote list');
}

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
    const storage = browserStorage();
    const effective = applyOverrides(entries, storage);
    showOverrideBanner(storage);
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
