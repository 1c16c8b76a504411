import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AppProps, LifeCycleFn, LifeCycles } from 'single-spa';
import type { RemoteArea } from '@wpc/shared/routes';
import { SectionLoading, SectionUnavailable } from '@wpc/shared/status';
import { announcePageStarted, discardServerRender, showsServerRender } from '@wpc/shared/area/hydration';
import { UnfinishedPageNotice } from './UnfinishedPageNotice';

const LABELS: Readonly<Record<RemoteArea, string>> = {
  home: 'This page',
  scorecard: 'The scorecard section',
  showcase: 'The showcase section',
  map: 'The map',
};

export type LoadLifecycles = (area: RemoteArea) => Promise<LifeCycles>;

function callLifecycle(lifecycle: LifeCycles['mount'], props: AppProps & { domElement: HTMLElement }) {
  const steps = Array.isArray(lifecycle) ? lifecycle : [lifecycle];
  return steps.reduce<Promise<unknown>>((previous, step) => previous.then(() => step(props)), Promise.resolve());
}

/**
 * The single-spa application the shell registers for a remote area. Its mount resolves at
 * once with a loading panel, so a slow remote never blocks navigation; the remote's own
 * lifecycles take over when they arrive. A remote that cannot be loaded leaves an
 * "unavailable" panel with a Retry button in its outlet and nowhere else.
 * When the outlet already shows the page the edge prerendered, nothing covers it: the remote
 * hydrates it when it arrives, and if it cannot be loaded a short notice above the page says
 * that its buttons and forms will not work, with the same Retry.
 */
export interface AreaLifecycles {
  readonly bootstrap: LifeCycleFn<object>;
  readonly mount: LifeCycleFn<object>;
  readonly unmount: LifeCycleFn<object>;
}

export function areaApplication(area: RemoteArea, load: LoadLifecycles): AreaLifecycles {
  const outlet = () => {
    const element = document.getElementById(`area-${area}`);
    if (!element) throw new Error(`The page has no outlet for the ${area} area`);
    return element;
  };
  let remote: LifeCycles | undefined;
  let remoteBootstrapped: Promise<unknown> | undefined;
  let remoteMounted = false;
  let panel: { root: Root; host: HTMLElement } | undefined;
  let generation = 0;
  let settled: Promise<void> = Promise.resolve();

  const showPanel = (content: ReactNode) => {
    if (!panel) {
      const host = document.createElement('div');
      // Above a prerendered page, where it is seen; otherwise the panel is the outlet's content.
      outlet().prepend(host);
      panel = { root: createRoot(host), host };
    }
    panel.root.render(content);
  };
  const clearPanel = () => {
    panel?.root.unmount();
    panel?.host.remove();
    panel = undefined;
  };

  const attach = async (props: AppProps, current: number) => {
    try {
      remote ??= await load(area);
      remoteBootstrapped ??= callLifecycle(remote.bootstrap, { ...props, domElement: outlet() });
      await remoteBootstrapped;
      if (current !== generation) return;
      clearPanel();
      await callLifecycle(remote.mount, { ...props, domElement: outlet() });
      remoteMounted = true;
      announcePageStarted();
    } catch (error) {
      remote = undefined;
      remoteBootstrapped = undefined;
      if (current !== generation) return;
      console.error(`The ${area} area could not be loaded`, error);
      announcePageStarted();
      showPanel(
        showsServerRender(outlet()) ? (
          <UnfinishedPageNotice section={LABELS[area]} onRetry={() => retry(props)} />
        ) : (
          <SectionUnavailable section={LABELS[area]} onRetry={() => retry(props)} />
        ),
      );
    }
  };

  const retry = (props: AppProps) => {
    const current = generation;
    if (showsServerRender(outlet())) clearPanel();
    else showPanel(<SectionLoading section={LABELS[area]} />);
    settled = settled.then(() => attach(props, current));
  };

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      const current = ++generation;
      if (!showsServerRender(outlet())) showPanel(<SectionLoading section={LABELS[area]} />);
      settled = settled.then(() => attach(props, current));
    },
    unmount: async (props) => {
      generation++;
      await settled;
      if (remote && remoteMounted) await callLifecycle(remote.unmount, { ...props, domElement: outlet() });
      remoteMounted = false;
      clearPanel();
      // A prerendered page its remote never took over must not stay behind the next area's.
      discardServerRender(outlet());
    },
  };
}
