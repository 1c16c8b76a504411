// The form pages: each form as a page of its own at /forms/<form id>, for a visitor whose browser
// runs no scripts or has not run them yet (a button that opens a pop-up leads here before the page
// is hydrated). The form posts here; the post goes on to the API as it came (urlencoded, or
// multipart for feedback) and the answer is a page again: after a stored post a redirect to the
// thanks (so a reload sends nothing twice), otherwise the form as it was typed with what needs
// attention. The pages are rendered on each request into the chrome without scripts
// (scriptless-pages.ts): nothing to hydrate, and nothing typed goes into an address.
import http from 'node:http';
import { Router, type Request, type Response } from 'express';
import { FORMS, type FormId } from '@wpc/shared/form-definitions';
import { FORM_PAGE_QUERY, formPagePath, FORM_PAGES_PREFIX, matchRoute, normalisePath } from '@wpc/shared/routes';
import type { FormPageProps } from '../src/pages/FormPage';
import { composeScriptlessPage, createServerBundle, sendScriptlessPage } from './scriptless-pages';

/** What the shell's Node bundle offers the edge (src/server-render.tsx). */
interface ServerBundle {
  renderFormPage(props: FormPageProps): Promise<string>;
  readonly FORM_ERROR_TEXT: string;
  readonly SCORECARD_ZIP_URL: string;
}

type Values = Record<string, string | boolean>;

/** The API's answer to a post: its status, and its JSON when it sent some. */
interface ApiAnswer {
  readonly status: number;
  readonly body: { error?: string; fields?: Record<string, string>; values?: Values; file?: string };
  readonly retryAfter?: string;
}

export interface FormPagesOptions {
  readonly dist: string;
  readonly remotesFile: string;
  /** Where the edge reaches the API (API_ORIGIN). */
  readonly apiOrigin: string;
  /** The site's public origin, for the page head. */
  readonly origin: string;
  /** The API's origin when it has one of its own (the page policy allows it). */
  readonly apiBase: string;
}

const FIELDS_NEED_ATTENTION = 'Some fields need attention: please see the notes below them, and send the form again.';
/** A urlencoded post is read here too (to show it again if the API cannot be reached); far above any form's size. */
const MAX_TEXT_POST_BYTES = 1024 * 1024;
/** The API bounds its own work (an upload may take UPLOAD_TIMEOUT_MS, 300 s); this only stops a hang. */
const API_TIMEOUT_MS = 310_000;

const isFormId = (value: string): value is FormId => Object.hasOwn(FORMS, value);

/** A site page to go back to: a path of the route table, never an address elsewhere or a form page. */
function sitePage(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  const page = normalisePath(value);
  return matchRoute(page) && !page.startsWith(`${FORM_PAGES_PREFIX}/`) ? page : undefined;
}

/** The page a request came from on this site (its Referer's path), if it is one of the site's pages. */
function refererPage(req: Request): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    // Host names only: nginx passes the Host without its port.
    return url.hostname === req.hostname ? sitePage(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

const withBack = (address: string, back: string | undefined) =>
  back ? `${address}?back=${encodeURIComponent(back)}` : address;

/** What a urlencoded post holds, as the form page shows it again. */
function postedValues(form: FormId, body: Buffer): Values {
  const posted = new URLSearchParams(body.toString('utf8'));
  const values: Values = {};
  for (const field of FORMS[form].fields) {
    const value = posted.get(field.name);
    if (field.type === 'checkbox') values[field.name] = value === 'true';
    else if (value !== null && field.type !== 'files') values[field.name] = value;
  }
  if (posted.get('scorecardForm') === 'true') values.scorecardForm = true;
  return values;
}

function readBody(req: Request, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

/** The request headers the API needs to judge a post as it would the browser's own request. */
function forwardedHeaders(req: Request, length?: number): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const name of ['content-type', 'sec-fetch-site', 'referer', 'user-agent', 'x-forwarded-proto']) {
    if (req.headers[name] !== undefined) headers[name] = req.headers[name];
  }
  if (length !== undefined) headers['content-length'] = length;
  else if (req.headers['content-length'] !== undefined) headers['content-length'] = req.headers['content-length'];
  else headers['transfer-encoding'] = 'chunked';
  // The visitor's address, for the API's rate limit (it trusts the edge as a proxy).
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  return headers;
}

/** Sends the post to the API (the buffered body, or the request itself streamed) and reads its answer. */
function postToApi(apiOrigin: string, form: FormId, req: Request, body?: Buffer): Promise<ApiAnswer | undefined> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${apiOrigin}/api/form-posts/${form}`,
      { method: 'POST', headers: forwardedHeaders(req, body?.length), timeout: API_TIMEOUT_MS },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => {
          let parsed: ApiAnswer['body'] = {};
          try {
            parsed = JSON.parse(text) as ApiAnswer['body'];
          } catch {
            // Not the API's JSON (a proxy's error page): the status alone decides.
          }
          const retryAfter = answer.headers['retry-after'];
          resolve({ status: answer.statusCode ?? 502, body: parsed, retryAfter });
        });
        answer.on('error', () => resolve(undefined));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve(undefined));
    if (body) outgoing.end(body);
    else req.pipe(outgoing);
  });
}

export function formPages({ dist, remotesFile, apiOrigin, origin, apiBase }: FormPagesOptions): Router {
  const router = Router();
  const serverBundle = createServerBundle<ServerBundle>(dist);

  async function sendFormPage(
    req: Request,
    res: Response,
    status: number,
    props: Omit<FormPageProps, 'action'>,
    extraHead = '',
  ) {
    const { renderFormPage } = await serverBundle();
    const page = await renderFormPage({ ...props, action: withBack(formPagePath(props.form), props.back) });
    const title = `${status >= 400 ? 'Error: ' : ''}${FORMS[props.form].title}`;
    const html = await composeScriptlessPage(dist, origin, { meta: { title }, page, extraHead });
    // What was typed may be on the page: kept by no cache, and no search engine lists these pages.
    await sendScriptlessPage(res, { remotesFile, apiBase }, status, html, {
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  }

  const formOf = (req: Request) => String(req.params.form);

  router.get(`${FORM_PAGES_PREFIX}/:form`, (req, res, next) => {
    const form = formOf(req);
    if (!isFormId(form)) return next();
    const page = req.query[FORM_PAGE_QUERY.page];
    sendFormPage(req, res, 200, {
      form,
      sent: false,
      scorecardForm: req.query[FORM_PAGE_QUERY.scorecard] === 'true',
      pageName: typeof page === 'string' && /^[a-z0-9-]{1,40}$/.test(page) ? page : undefined,
      back: sitePage(req.query.back) ?? refererPage(req),
    }).catch(next);
  });

  router.get(`${FORM_PAGES_PREFIX}/:form/sent`, (req, res, next) => {
    const form = formOf(req);
    if (!isFormId(form)) return next();
    serverBundle()
      .then(({ SCORECARD_ZIP_URL }) => {
        // The download form's thanks starts the download, as the form does with scripts (spec §4).
        const download = form === 'download' ? `<meta http-equiv="refresh" content="0; url=${SCORECARD_ZIP_URL}">` : '';
        const props = { form, sent: true, scorecardForm: false, back: sitePage(req.query.back) };
        return sendFormPage(req, res, 200, props, download);
      })
      .catch(next);
  });

  router.post(`${FORM_PAGES_PREFIX}/:form`, (req, res, next) => {
    const form = formOf(req);
    if (!isFormId(form)) return next();
    const back = sitePage(req.query.back) ?? refererPage(req);
    (async () => {
      // A text post is small: read here, it can be shown again whatever the API answers. An upload
      // streams through, and the API gives back what was typed.
      const urlencoded = Boolean(req.is('application/x-www-form-urlencoded'));
      const text = urlencoded ? await readBody(req, MAX_TEXT_POST_BYTES) : undefined;
      // Far larger than any form: read and dropped here, as the API would refuse it (413).
      const answer: ApiAnswer | undefined =
        urlencoded && !text
          ? { status: 413, body: { error: 'The form is too large to be sent.' } }
          : await postToApi(apiOrigin, form, req, text);
      if (answer?.status === 200) {
        res.redirect(303, withBack(`${formPagePath(form)}/sent`, back));
        return;
      }
      const values = answer?.body.values ?? (text ? postedValues(form, text) : {});
      const { FORM_ERROR_TEXT } = await serverBundle();
      // The API refused the post as it is (fields, a file, too large, too many): its words. Anything
      // else, or no answer at all, is the site's trouble: the spec's error text.
      const status = answer?.status ?? 503;
      const refused = status >= 400 && status < 500 && status !== 422;
      const fieldErrors: Record<string, string> = { ...answer?.body.fields };
      if (status === 415 && answer?.body.file !== undefined) fieldErrors.files = answer.body.error ?? '';
      let error = refused && answer?.body.error ? answer.body.error : FORM_ERROR_TEXT;
      if (Object.keys(fieldErrors).length) error = FIELDS_NEED_ATTENTION;
      if (answer?.retryAfter) res.set('Retry-After', answer.retryAfter);
      await sendFormPage(req, res, refused ? status : 503, {
        form,
        sent: false,
        scorecardForm: values.scorecardForm === true,
        pageName: typeof values.pageName === 'string' ? values.pageName : undefined,
        back,
        returned: { values, fieldErrors, error },
      });
    })().catch(next);
  });

  return router;
}
