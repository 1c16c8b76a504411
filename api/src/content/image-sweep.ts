import { CONTENT_AREAS } from '@wpc/shared/content-model';
import type { HousekeepingJob } from '../housekeeping';
import type { Store } from '../store';
import { auditLog } from '../records/audit/log';
import { HOUSEKEEPING } from '../uploads/retention';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An image named by address rather than by id (a link pasted into a URL or Markdown field). */
const IMAGE_ADDRESS = /\/api\/content\/images\/([^/?#\s]+)\//g;

/**
 * Every string anywhere in an entry's data, and the image ids in addresses inside them. The walk
 * does not follow the area's declaration: an old version may no longer fit today's, and a restore
 * still brings its images back, so anything that could be an image's id keeps that image.
 */
function collectNames(value: unknown, names: Set<string>): void {
  if (typeof value === 'string') {
    names.add(value);
    for (const match of value.matchAll(IMAGE_ADDRESS)) names.add(match[1]!);
  } else if (Array.isArray(value)) {
    for (const item of value) collectNames(item, names);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectNames(item, names);
  }
}

/**
 * The unused-image sweep (issue 28): an image uploaded more than `days` ago that no entry's
 * draft, published or scheduled content and no version of any history names is deleted, and the
 * audit log says how many, as "housekeeping". Uploads named only in a browser's unsaved draft are
 * given those days to be saved.
 */
export function unusedContentImagesJob(
  store: Pick<Store, 'contentImages' | 'contentEntries' | 'audit'>,
  days: number,
): HousekeepingJob {
  return {
    name: 'unused content images',
    run: async (now) => {
      const candidates = await store.contentImages.uploadedBefore(new Date(now.getTime() - days * DAY_MS));
      if (candidates.length === 0) return;
      // Read after the candidates: an entry saved meanwhile is seen, so its images stay.
      const named = new Set<string>();
      for (const area of CONTENT_AREAS) {
        for (const data of await store.contentEntries.everyData(area)) collectNames(data, named);
      }
      const unused = candidates.filter((id) => !named.has(id));
      if (unused.length === 0) return;
      for (const id of unused) await store.contentImages.delete(id);
      await auditLog(store.audit, () => now).record(HOUSEKEEPING, 'content-images-sweep', {
        detail: `content images unused for more than ${days} days`,
        counts: { images: unused.length },
      });
    },
  };
}
