/** The Impact API's public calls in the OpenAPI document (issue 40); the report is a console route. */
import {
  beaconSchema,
  BEACON_MAX_BYTES,
  EDGE_BATCH_MAX_BYTES,
  EDGE_BATCH_MAX_RECORDS,
  EDGE_BATCH_PATH,
  edgeBatchSchema,
  publicReachSchema,
} from '@wpc/shared/team/impact-schemas';
import { requestSchema, responseSchema, type JsonSchema } from '../openapi/json-schema';
import type { OperationObject, PathItemObject } from '../openapi/types';
import { json, ref } from '../openapi/operations';
import { BEACONS_PER_DAY, BEACONS_PER_MINUTE } from './limit';
import { BEACON_PATH, EDGE_DOWNLOAD_PATH, EDGE_PAGE_HEADER, EDGE_VIEW_PATH, PUBLIC_REACH_PATH } from './routes';

const LIMIT_TEXT =
  `Each address adds at most ${BEACONS_PER_MINUTE} a minute and ${BEACONS_PER_DAY} a day per API process; ` +
  'past that, and for a bot, the call is answered the same and counts nothing.';

const counted = (operation: Omit<OperationObject, 'tags' | 'responses'>, extra = {}): PathItemObject => ({
  post: {
    ...operation,
    tags: ['impact'],
    responses: { '204': { description: 'Received (counted or not).' }, ...extra },
  },
});

export function impactDocument(): { paths: Record<string, PathItemObject>; schemas: Record<string, JsonSchema> } {
  return {
    paths: {
      [BEACON_PATH]: counted(
        {
          operationId: 'impactBeacon',
          summary: 'A navigation inside the site, or something only the browser sees (navigator.sendBeacon)',
          description: `JSON of at most ${BEACON_MAX_BYTES} bytes, any content type. No cookie is read or set. ${LIMIT_TEXT}`,
          // navigator.sendBeacon sends a string as text/plain; the body is JSON whatever its type says.
          requestBody: { required: true, content: { 'text/plain': { schema: ref('schemas', 'ImpactBeacon') } } },
        },
        { '400': ref('responses', 'BadRequest'), '413': ref('responses', 'PayloadTooLarge') },
      ),
      [EDGE_VIEW_PATH]: counted(
        {
          operationId: 'impactEdgeView',
          summary: 'A page the edge served: its path and query in the X-Impact-Page header',
          description: `The visitor's User-Agent, Referer, Sec-GPC and DNT headers and address are read, never kept. ${LIMIT_TEXT}`,
          parameters: [
            {
              name: EDGE_PAGE_HEADER,
              in: 'header',
              required: true,
              description: 'The page, e.g. /scorecard?utm_source=x',
              schema: { type: 'string', pattern: '^/' },
            },
          ],
        },
        { '400': ref('responses', 'BadRequest') },
      ),
      [EDGE_DOWNLOAD_PATH]: counted({
        operationId: 'impactDownload',
        summary: "The scorecard's zip was served (the edge's call)",
        description: LIMIT_TEXT,
      }),
      [EDGE_BATCH_PATH]: counted(
        {
          operationId: 'impactEdgeBatch',
          summary: 'The pages and zips the node edge served in the last second (internal)',
          description:
            `At most ${EDGE_BATCH_MAX_RECORDS} records and ${EDGE_BATCH_MAX_BYTES} bytes. Taken only straight from a ` +
            'caller the API trusts as a proxy (TRUST_PROXY), never relayed: each record names its hops as ' +
            `X-Forwarded-For would, and is counted as a call from its visitor would be. ${LIMIT_TEXT}`,
          requestBody: { required: true, content: json(ref('schemas', 'ImpactEdgeBatch')) },
        },
        {
          '400': ref('responses', 'BadRequest'),
          '403': { description: 'Not from the edge; nothing was counted.', content: json(ref('schemas', 'Error')) },
          '413': ref('responses', 'PayloadTooLarge'),
        },
      ),
      [PUBLIC_REACH_PATH]: {
        get: {
          operationId: 'impactReach',
          summary: 'How many states and provinces hold 5 or more scorecard downloads (the public reach line)',
          tags: ['impact'],
          responses: {
            '200': {
              description: 'The count, from the same aggregates as the report.',
              headers: { 'Cache-Control': ref('headers', 'CacheControl') },
              content: json(ref('schemas', 'ImpactReach')),
            },
            '503': ref('responses', 'ServiceUnavailable'),
          },
        },
      },
    },
    schemas: {
      ImpactBeacon: requestSchema(beaconSchema),
      ImpactEdgeBatch: requestSchema(edgeBatchSchema),
      ImpactReach: responseSchema(publicReachSchema),
    },
  };
}
