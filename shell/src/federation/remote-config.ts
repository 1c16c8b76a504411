// The remote list: where each remote's mf-manifest.json lives. Read at run time, so a remote
// moves without a shell build.
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import { INLINE_REMOTES_ID } from '@wpc/shared/page-contract';

export type RemoteConfig = Readonly<Record<RemoteArea, string>>;

function checkRemoteConfig(config: Partial<Record<string, unknown>>, source: string): RemoteConfig {
  for (const area of REMOTE_AREAS) {
    if (typeof config[area] !== 'string') throw new Error(`${source} has no entry for the "${area}" remote`);
  }
  return config as RemoteConfig;
}

/** The list as remotes.json holds it, past the HTTP cache. */
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
