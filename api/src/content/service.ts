import type { Store } from '../store';
import { remoteModels, remoteOrigins, type ContentModels } from './models';
import { Previews } from '../records/content-previews/service';
import { Publishing } from './publishing';

/** Publishing and its previews, over the store's content records. */
export interface ContentService {
  readonly publishing: Publishing;
  readonly previews: Previews;
}

export interface ContentServiceOptions {
  readonly store: Pick<Store, 'contentEntries' | 'contentRevisions' | 'contentPreviews'>;
  /** The areas' declarations; by default read from each remote's origin. */
  readonly models?: ContentModels;
  readonly clock?: () => Date;
}

export function contentService({ store, models, clock = () => new Date() }: ContentServiceOptions): ContentService {
  return {
    publishing: new Publishing({
      entries: store.contentEntries,
      revisions: store.contentRevisions,
      models: models ?? remoteModels({ origins: remoteOrigins() }),
      clock,
    }),
    previews: new Previews(store.contentPreviews, clock),
  };
}
