import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import type { Logger } from 'pino';
import type { Publishing } from './publishing';

/**
 * Loads each area's seed once, from its remote, retrying every `everyMs` while a remote is not up
 * yet (the API may start first); stops once every area is done. Each failure is logged once per area.
 */
export function startSeedLoading(publishing: Publishing, logger: Logger, everyMs = 5000): { stop(): void } {
  const pending = new Set<ContentArea>(CONTENT_AREAS);
  const warned = new Set<ContentArea>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const round = async () => {
    for (const area of [...pending]) {
      try {
        if (await publishing.loadSeed(area)) logger.info({ area }, `loaded the ${area} area's seed content`);
        pending.delete(area);
      } catch (error) {
        if (!warned.has(area))
          logger.warn(
            { area, err: { message: error instanceof Error ? error.message : String(error) } },
            `the ${area} area's seed cannot be loaded yet; trying again every ${everyMs / 1000} s`,
          );
        warned.add(area);
      }
    }
    if (pending.size > 0 && !stopped) timer = setTimeout(() => void round(), everyMs);
  };
  void round();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
