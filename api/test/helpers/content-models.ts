import { modelToJson, type AreaModelBase, type ContentArea } from '@wpc/shared/content-model';
import { validatorFromModelJson } from '@wpc/shared/content-model/validate';
import type { PublishedEntry } from '@wpc/shared/content-contract';
import { ModelUnavailableError, type ContentModels } from '../../src/content/models';

/**
 * The areas' models as remoteModels reads them, without the remotes: each model goes through its
 * JSON as a remote serves it, and the areas a test leaves out are away, as remoteModels says it.
 */
export function testContentModels(
  models: Partial<Record<ContentArea, AreaModelBase>>,
  seeds: Partial<Record<ContentArea, readonly PublishedEntry[]>>,
): ContentModels {
  return {
    async validator(area) {
      const model = models[area];
      if (!model) throw new ModelUnavailableError(area, 'no remote in this test');
      return validatorFromModelJson(JSON.parse(JSON.stringify(modelToJson(model))));
    },
    async seed(area) {
      return seeds[area] ?? [];
    },
  };
}
