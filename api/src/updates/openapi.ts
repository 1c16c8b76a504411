/**
 * Updates' part of the OpenAPI document: the public pages' calls by the token of an emailed link
 * (no session) and the console's Updates and Subscribers (session, `updates` role). Requests and
 * answers come from @wpc/shared/updates/schemas, which the routes check with.
 */
import { TEAM_API } from '@wpc/shared/team';
import { ONE_CLICK_BODY, UPDATE_LISTS, UPDATES_API } from '@wpc/shared/updates';
import {
  archiveSchema,
  confirmAnswerSchema,
  confirmInfoSchema,
  confirmRequestSchema,
  draftRequestSchema,
  fromReleaseRequestSchema,
  preferencesRequestSchema,
  preferencesSchema,
  previewRequestSchema,
  previewSchema,
  publicUpdateSchema,
  releasesAnswerSchema,
  sendRequestSchema,
  subscriberQuerySchema,
  subscribersAnswerSchema,
  tokenQuerySchema,
  updateSchema,
} from '@wpc/shared/updates/schemas';
import { requestSchema, responseSchema, type JsonSchema } from '../openapi/json-schema';
import type { OperationObject, ParameterObject, PathItemObject, ResponseObject } from '../openapi/types';
import { attachment, csrfParameter, json, queryParameters, ref } from '../team/openapi';

export interface UpdatesDocumentPart {
  readonly paths: Record<string, PathItemObject>;
  readonly schemas: Record<string, JsonSchema>;
}

const error = (description: string): ResponseObject => ({ description, content: json(ref('schemas', 'Error')) });
const answer = (description: string, schema: string): ResponseObject => ({
  description,
  content: json(ref('schemas', schema)),
});
const common = { '500': ref('responses', 'InternalError'), '503': ref('responses', 'ServiceUnavailable') };
/** A refused link: each status names a different problem, and the message says what to do. */
const refused = (description: string): ResponseObject => ({
  description,
  content: json(ref('schemas', 'LinkRefused')),
});
const linkRefused = {
  '404': refused('The link is not valid (incomplete, forged, or its address was erased).'),
  '409': refused('The confirmation link was used already: nothing changed.'),
  '410': refused('The confirmation link expired (7 days); sending the form again brings a new one.'),
};
const pageRedirect = (to: string): ResponseObject => ({
  description: `A form posted without scripts (application/x-www-form-urlencoded): the page that says ${to}.`,
  headers: { Location: { description: 'The page.', schema: { type: 'string' } } },
});
/**
 * JSON from the page's script, or the page's own form posted without scripts: that one is checked
 * too, but any problem is answered with a page (303), so its schema only names its fields.
 */
const formBody = (schema: string, formSchema: string, formNote: string) => ({
  required: true,
  description: `JSON from the page's script, or ${formNote}`,
  content: {
    ...json(ref('schemas', schema)),
    'application/x-www-form-urlencoded': { schema: ref('schemas', formSchema) },
  },
});
const updateId: ParameterObject = {
  name: 'updateId',
  in: 'path',
  required: true,
  description: 'The update id (from the list of updates).',
  schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' },
};

export function updatesDocument(jsonKb: number): UpdatesDocumentPart {
  const pub = (op: Omit<OperationObject, 'tags'>): OperationObject => ({ ...op, tags: ['updates'] });
  const team = (op: Omit<OperationObject, 'tags'>): OperationObject => ({
    ...op,
    tags: ['team'],
    security: [{ teamSession: [] }],
    description: `${op.description ?? ''}${op.description ? ' ' : ''}Needs: updates.`,
  });
  const signedIn = {
    '401': error('Not signed in, or the session ended.'),
    '403': error('The roles of the signed-in person do not include updates, or (a change) the X-CSRF-Token is wrong.'),
    ...common,
  };
  const jsonBody = {
    '400': ref('responses', 'BadRequest'),
    '413': ref('responses', 'PayloadTooLarge'),
    '415': error(`Not application/json (JSON bodies up to ${jsonKb} KB).`),
  };
  const emptyBody = { required: true, content: json({ type: 'object', additionalProperties: false }) };
  const tokenQuery = queryParameters(tokenQuerySchema);
  const update = answer('The update as it is now, with its delivery counts.', 'Update');

  const paths: Record<string, PathItemObject> = {
    [`${UPDATES_API}/confirm`]: {
      get: pub({
        operationId: 'updatesConfirmInfo',
        summary: 'What a confirmation link would confirm; changes nothing (mail scanners follow links)',
        parameters: tokenQuery,
        responses: { '200': answer('The address and its lists.', 'ConfirmInfo'), ...linkRefused, ...common },
      }),
      post: pub({
        operationId: 'updatesConfirm',
        summary: 'Confirm: the lists the address asked for start (double opt-in)',
        requestBody: formBody('ConfirmRequest', 'ConfirmForm', 'the confirmation page’s form posted without scripts.'),
        responses: {
          '200': answer('Confirmed.', 'ConfirmAnswer'),
          '303': pageRedirect('the subscription is confirmed, or what was wrong with the link'),
          '400': ref('responses', 'BadRequest'),
          '413': error('The body is larger than the API takes (the JSON limit).'),
          ...linkRefused,
          ...common,
        },
      }),
    },
    [`${UPDATES_API}/preferences`]: {
      get: pub({
        operationId: 'updatesPreferences',
        summary: 'The lists of the address of a preferences link; changes nothing',
        parameters: tokenQuery,
        responses: { '200': answer('The address and each list.', 'Preferences'), ...linkRefused, ...common },
      }),
      post: pub({
        operationId: 'updatesSavePreferences',
        summary: 'Keep exactly these lists (an empty list, or leave=all, leaves every list and suppresses the address)',
        requestBody: formBody(
          'PreferencesRequest',
          'PreferencesForm',
          'the preferences page’s form posted without scripts (leave=all: leave every list).',
        ),
        responses: {
          '200': answer('The lists as they are now.', 'Preferences'),
          '303': pageRedirect('the choice is saved, or what was wrong with the link or the choice'),
          '400': ref('responses', 'BadRequest'),
          '413': error('The body is larger than the API takes (the JSON limit).'),
          ...linkRefused,
          ...common,
        },
      }),
    },
    [`${UPDATES_API}/one-click`]: {
      get: pub({
        operationId: 'updatesOneClickPage',
        summary: 'List-Unsubscribe opened as a link: redirects to the preferences page; changes nothing',
        parameters: tokenQuery,
        responses: { '303': pageRedirect('the address’s preferences'), ...linkRefused, ...common },
      }),
      post: pub({
        operationId: 'updatesOneClick',
        summary: `RFC 8058 one-click unsubscribe: body "${ONE_CLICK_BODY}", no session; at once, and again harmless`,
        parameters: [
          ...tokenQuery,
          {
            name: 'list',
            in: 'query',
            required: false,
            description: 'Leave only this list (every update names its own); absent: every list.',
            schema: { type: 'string', enum: [...UPDATE_LISTS] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['List-Unsubscribe'],
                properties: { 'List-Unsubscribe': { const: 'One-Click' } },
              },
            },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['List-Unsubscribe'],
                properties: { 'List-Unsubscribe': { const: 'One-Click' } },
              },
            },
          },
        },
        responses: {
          '200': answer('The address left.', 'Ok'),
          '400': error(`The body is not "${ONE_CLICK_BODY}", or the list is unknown.`),
          '413': error('The body is far larger than a one-click unsubscribe (16 KB at most).'),
          ...linkRefused,
          ...common,
        },
      }),
    },
    [`${UPDATES_API}/archive`]: {
      get: pub({
        operationId: 'updatesArchive',
        summary: 'Every update sent, newest first (their public web versions)',
        responses: { '200': answer('The updates.', 'UpdatesArchive'), ...common },
      }),
    },
    [`${UPDATES_API}/archive/{id}`]: {
      get: pub({
        operationId: 'updatesWebVersion',
        summary: 'The public web version of a sent update',
        parameters: [{ ...updateId, name: 'id' }],
        responses: {
          '200': answer('The update as sent (sanitised HTML; no tracking).', 'PublicUpdate'),
          '404': error('No such update, or it was not sent.'),
          ...common,
        },
      }),
    },
    [`${TEAM_API}/updates`]: {
      get: team({
        operationId: 'teamUpdates',
        summary: 'Every update, newest first, with its delivery counts',
        responses: {
          '200': {
            description: 'The updates.',
            content: json({
              type: 'object',
              properties: { updates: { type: 'array', items: ref('schemas', 'Update') } },
            }),
          },
          ...signedIn,
        },
      }),
      post: team({
        operationId: 'teamCreateUpdate',
        summary: 'Write a draft update',
        parameters: [csrfParameter],
        requestBody: { required: true, content: json(ref('schemas', 'UpdateDraft')) },
        responses: { '201': answer('The draft.', 'Update'), ...jsonBody, ...signedIn },
      }),
    },
    [`${TEAM_API}/update-releases`]: {
      get: team({
        operationId: 'teamUpdateReleases',
        summary: 'The published press releases an update can start from, newest first',
        responses: { '200': answer('The releases.', 'UpdateReleases'), ...signedIn },
      }),
      post: team({
        operationId: 'teamUpdateFromRelease',
        summary: 'A new draft from a published press release: its title, summary, text and a link to its page',
        parameters: [csrfParameter],
        requestBody: { required: true, content: json(ref('schemas', 'UpdateFromRelease')) },
        responses: {
          '201': answer('The new draft.', 'Update'),
          '404': {
            description:
              'No published press release has this slug (`fields.slug` says so, for the choice in the form).',
            content: json(ref('schemas', 'BadRequest')),
          },
          ...jsonBody,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/update-preview`]: {
      post: team({
        operationId: 'teamPreviewUpdate',
        summary: 'The email as a subscriber would receive it (HTML and text), with its footer',
        parameters: [csrfParameter],
        requestBody: { required: true, content: json(ref('schemas', 'UpdatePreviewRequest')) },
        responses: { '200': answer('The email.', 'UpdatePreview'), ...jsonBody, ...signedIn },
      }),
    },
    [`${TEAM_API}/updates/{updateId}`]: {
      get: team({
        operationId: 'teamUpdate',
        summary: 'One update with its delivery counts',
        parameters: [updateId],
        responses: { '200': update, '404': error('No such update.'), ...signedIn },
      }),
      post: team({
        operationId: 'teamEditUpdate',
        summary: 'Change a draft',
        parameters: [updateId, csrfParameter],
        requestBody: { required: true, content: json(ref('schemas', 'UpdateDraft')) },
        responses: {
          '200': update,
          '404': error('No such update.'),
          '409': error('Only a draft can be changed.'),
          ...jsonBody,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/updates/{updateId}/test`]: {
      post: team({
        operationId: 'teamTestUpdate',
        summary: 'Send the update to the signed-in person only (audited)',
        parameters: [updateId, csrfParameter],
        requestBody: emptyBody,
        responses: {
          '200': {
            description: 'Sent to this address.',
            content: json({ type: 'object', properties: { sentTo: { type: 'string' } }, required: ['sentTo'] }),
          },
          '404': error('No such update.'),
          '409': error('Email is off on this server (no SMTP_URL).'),
          ...jsonBody,
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/updates/{updateId}/send`]: {
      post: team({
        operationId: 'teamSendUpdate',
        summary: 'Send a draft now, or schedule it (audited); refused for a list with no confirmed subscriber',
        parameters: [updateId, csrfParameter],
        requestBody: { required: true, content: json(ref('schemas', 'UpdateSendRequest')) },
        responses: {
          '200': update,
          '404': error('No such update.'),
          '409': error('The update is not a draft.'),
          ...jsonBody,
          ...signedIn,
        },
      }),
    },
    ...Object.fromEntries(
      (['pause', 'resume', 'cancel'] as const).map((action) => [
        `${TEAM_API}/updates/{updateId}/${action}`,
        {
          post: team({
            operationId: `team${action[0]!.toUpperCase()}${action.slice(1)}Update`,
            summary: `${action[0]!.toUpperCase()}${action.slice(1)} the sending of an update (audited)`,
            parameters: [updateId, csrfParameter],
            requestBody: emptyBody,
            responses: {
              '200': update,
              '404': error('No such update.'),
              '409': error(`This update cannot be ${action === 'pause' ? 'paused' : `${action}d`} in its state.`),
              ...jsonBody,
              ...signedIn,
            },
          }),
        },
      ]),
    ),
    [`${TEAM_API}/subscribers`]: {
      get: team({
        operationId: 'teamSubscribers',
        summary: 'Counts per list, the suppressed count, and a search by address',
        parameters: queryParameters(subscriberQuerySchema),
        responses: {
          '200': answer('Counts and the matching addresses.', 'Subscribers'),
          '400': ref('responses', 'BadRequest'),
          ...signedIn,
        },
      }),
    },
    [`${TEAM_API}/subscribers/export`]: {
      get: team({
        operationId: 'teamExportSubscribers',
        summary: 'Every subscriber with its consent records, as CSV or Excel, all cells text (audited)',
        parameters: [
          {
            name: 'format',
            in: 'query',
            required: true,
            description: 'csv or xlsx',
            schema: { enum: ['csv', 'xlsx'] },
          },
        ],
        responses: {
          '200': attachment('The file, as an attachment.', [
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]),
          '400': ref('responses', 'BadRequest'),
          ...signedIn,
        },
      }),
    },
  };

  const schemas: Record<string, JsonSchema> = {
    LinkRefused: {
      type: 'object',
      additionalProperties: false,
      required: ['error', 'problem'],
      properties: {
        error: { type: 'string', description: 'What went wrong and what to do, in words for a person.' },
        problem: {
          type: 'string',
          enum: ['invalid', 'expired', 'used'],
          description: 'Which problem: the page names it (/updates/link-problem?problem=...).',
        },
      },
    },
    ConfirmForm: {
      type: 'object',
      description: 'The confirmation page’s form; the token may instead be in the address it posts to.',
      properties: { token: { type: 'string' } },
    },
    PreferencesForm: {
      type: 'object',
      description: 'The preferences page’s form: the ticked lists, or leave=all; the token may be in the address.',
      properties: {
        token: { type: 'string' },
        lists: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        leave: { type: 'string' },
      },
    },
    ConfirmInfo: responseSchema(confirmInfoSchema),
    ConfirmRequest: requestSchema(confirmRequestSchema),
    ConfirmAnswer: responseSchema(confirmAnswerSchema),
    Preferences: responseSchema(preferencesSchema),
    PreferencesRequest: requestSchema(preferencesRequestSchema),
    UpdatesArchive: responseSchema(archiveSchema),
    PublicUpdate: responseSchema(publicUpdateSchema),
    Update: responseSchema(updateSchema),
    UpdateDraft: {
      ...requestSchema(draftRequestSchema),
      examples: [{ subject: 'The 2027 Scorecard is out', body: 'Read what changed.', list: 'scorecard' }],
    },
    UpdatePreviewRequest: requestSchema(previewRequestSchema),
    UpdateReleases: responseSchema(releasesAnswerSchema),
    UpdateFromRelease: {
      ...requestSchema(fromReleaseRequestSchema),
      examples: [{ slug: 'community-wildfire-resilience-scorecard-launched', list: 'scorecard' }],
    },
    UpdatePreview: responseSchema(previewSchema),
    UpdateSendRequest: { ...requestSchema(sendRequestSchema), examples: [{}, { at: '2026-12-01T09:00:00Z' }] },
    Subscribers: responseSchema(subscribersAnswerSchema),
  };
  return { paths, schemas };
}
