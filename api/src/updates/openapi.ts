/**
 * Updates' part of the OpenAPI document: the public pages' calls by the token of an emailed link
 * (no session) and the console's Updates and Subscribers (session, `updates` role). Requests and
 * answers come from @wpc/shared/updates/schemas, which the routes check with.
 */
import { ONE_CLICK_BODY, UPDATE_LISTS, UPDATES_API } from '@wpc/shared/updates';
import {
  archiveSchema,
  confirmAnswerSchema,
  confirmInfoSchema,
  confirmRequestSchema,
  preferencesRequestSchema,
  preferencesSchema,
  publicUpdateSchema,
  tokenQuerySchema,
} from '@wpc/shared/updates/schemas';
import { FEED_SOURCES, FEED_TITLES, UPDATES_FEED } from '@wpc/shared/updates/archive';
import { requestSchema, responseSchema, type JsonSchema } from '../openapi/json-schema';
import type { OperationObject, PathItemObject, ResponseObject } from '../openapi/types';
import { declaredPaths, json, queryParameters, ref } from '../openapi/operations';
import { UPDATES_TEAM_ROUTES } from './team-routes';

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

const pub = (op: Omit<OperationObject, 'tags'>): OperationObject => ({ ...op, tags: ['updates'] });

/** Confirming and choosing lists, by the token of an emailed link. */
function linkPaths(): Record<string, PathItemObject> {
  const tokenQuery = queryParameters(tokenQuerySchema);
  return {
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
  };
}

/** RFC 8058's fixed body, sent as a form or as multipart. */
const oneClickBody: JsonSchema = {
  type: 'object',
  required: ['List-Unsubscribe'],
  properties: { 'List-Unsubscribe': { const: 'One-Click' } },
};

/** List-Unsubscribe: the link opened in a browser, and the RFC 8058 one-click POST. */
function oneClickPath(): PathItemObject {
  const tokenQuery = queryParameters(tokenQuerySchema);
  return {
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
            schema: oneClickBody,
          },
          'multipart/form-data': {
            schema: oneClickBody,
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
  };
}

/** The public web versions of sent updates. */
function archivePaths(): Record<string, PathItemObject> {
  return {
    [`${UPDATES_API}/archive`]: {
      get: pub({
        operationId: 'updatesArchive',
        summary: 'Every update sent and not withdrawn, newest first, with its page in the archive',
        responses: { '200': answer('The updates.', 'UpdatesArchive'), ...common },
      }),
    },
    [`${UPDATES_API}/archive/{id}`]: {
      get: pub({
        operationId: 'updatesWebVersion',
        summary: 'The public web version of a sent update',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'The update id (from the list of updates).',
            schema: { type: 'string', pattern: '^[A-Za-z0-9]{1,64}$' },
          },
        ],
        responses: {
          '200': answer('The update as sent (sanitised HTML; no tracking).', 'PublicUpdate'),
          '404': error('No such update, or it was not sent, or it was withdrawn.'),
          ...common,
        },
      }),
    },
    ...Object.fromEntries(
      Object.entries(FEED_SOURCES).map(([page, path]) => [
        path,
        {
          get: pub({
            operationId: page === UPDATES_FEED ? 'updatesFeed' : 'pressReleasesFeed',
            summary: `${FEED_TITLES[page as keyof typeof FEED_TITLES]}: an Atom feed (RFC 4287), served at ${page}`,
            responses: {
              '200': { description: 'The feed.', content: { 'application/atom+xml': { schema: { type: 'string' } } } },
              ...common,
            },
          }),
        },
      ]),
    ),
  };
}

function updatesSchemas(): Record<string, JsonSchema> {
  return {
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
  };
}

export function updatesDocument(jsonKb: number): UpdatesDocumentPart {
  const paths: Record<string, PathItemObject> = {
    ...linkPaths(),
    [`${UPDATES_API}/one-click`]: oneClickPath(),
    ...archivePaths(),
  };
  const team = declaredPaths(UPDATES_TEAM_ROUTES, jsonKb);
  return { paths: { ...paths, ...team.paths }, schemas: { ...updatesSchemas(), ...team.schemas } };
}
