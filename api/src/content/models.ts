/**
 * The areas' declarations as the API reads them: each remote publishes its content model
 * (/content-model.json) and its seed (/content-seed.json) from its own origin, so a field an area
 * adds is checked by the API once that remote is redeployed, with no API build (design notes,
 * issue 28). Read again at most every `maxAgeMs`; the last good model is kept while a remote is away.
 */
import { ports } from '@wpc/shared/ports';
import { CONTENT_AREAS, type ContentArea } from '@wpc/shared/content-model';
import { validatorFromModelJson, type ContentValidator } from '@wpc/shared/content-model/validate';
import { publishedEntrySchema, type PublishedEntry } from '@wpc/shared/content-contract';
import { z } from 'zod';

export interface ContentModels {
  /** The area's validator (and model); throws ModelUnavailableError when it was never read. */
  validator(area: ContentArea): Promise<ContentValidator>;
  /** The area's seed entries; throws ModelUnavailableError when they cannot be read. */
  seed(area: ContentArea): Promise<readonly PublishedEntry[]>;
}

export class ModelUnavailableError extends Error {
  constructor(
    readonly area: ContentArea,
    reason: string,
  ) {
    super(`The ${area} area's content model cannot be read (${reason}).`);
    this.name = 'ModelUnavailableError';
  }
}

/** Where each remote answers: CONTENT_REMOTE_<AREA> (e.g. http://mfe-showcase:3003), else its local port. */
export function remoteOrigins(env: NodeJS.ProcessEnv = process.env): Record<ContentArea, string> {
  return Object.fromEntries(
    CONTENT_AREAS.map((area) => [
      area,
      (env[`CONTENT_REMOTE_${area.toUpperCase()}`] || `http://127.0.0.1:${ports[area]}`).replace(/\/+$/, ''),
    ]),
  ) as Record<ContentArea, string>;
}

export interface RemoteModelsOptions {
  readonly origins: Readonly<Record<ContentArea, string>>;
  readonly maxAgeMs?: number;
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

export function remoteModels({
  origins,
  maxAgeMs = 30_000,
  timeoutMs = 3000,
  now = Date.now,
}: RemoteModelsOptions): ContentModels {
  const cache = new Map<ContentArea, { validator: ContentValidator; readAt: number }>();

  async function getJson(area: ContentArea, file: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${origins[area]}/${file}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ModelUnavailableError(area, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new ModelUnavailableError(area, `${file} answered ${response.status}`);
    return response.json();
  }

  return {
    async validator(area) {
      const cached = cache.get(area);
      if (cached && now() - cached.readAt < maxAgeMs) return cached.validator;
      try {
        const validator = validatorFromModelJson(await getJson(area, 'content-model.json'));
        if (validator.model.area !== area)
          throw new ModelUnavailableError(area, `the model is the ${validator.model.area} area's`);
        cache.set(area, { validator, readAt: now() });
        return validator;
      } catch (error) {
        if (cached) return cached.validator;
        throw error instanceof ModelUnavailableError ? error : new ModelUnavailableError(area, String(error));
      }
    },
    async seed(area) {
      const parsed = z.array(publishedEntrySchema).safeParse(await getJson(area, 'content-seed.json'));
      if (!parsed.success) throw new ModelUnavailableError(area, 'its seed is not a list of entries');
      return parsed.data;
    },
  };
}
