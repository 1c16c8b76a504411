import { FORMS, type FieldDefinition } from '@wpc/shared/schemas';
import { ADDRESS, recipientsFor, type MailConfig } from '../mail/config';
import type { OutgoingMail } from '../mail/transport';
import type { StoredFile } from '../records/files';
import type { StoredSubmission } from '../records/submissions';

/** Where the team console shows one submission (the console's route; agreed with it). */
export function consoleLink(siteOrigin: string, submissionId: string): string {
  return `${siteOrigin}/team/submissions/${encodeURIComponent(submissionId)}`;
}

/** Labels of fields a form sends beside its definition's own. */
const EXTRA_LABELS: Readonly<Record<string, string>> = {
  scorecardForm: 'Sent from a scorecard page',
};

const SUBJECT_PART_MAX = 80;

/** One line, no control or format characters (line breaks, bidi overrides), at most `max` characters. */
function oneLine(value: string, max = SUBJECT_PART_MAX): string {
  const line = value
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Text for HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function fileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

interface Row {
  readonly label: string;
  readonly value: string;
  /** Messages and links keep their line breaks. */
  readonly multiline: boolean;
}

/** Every field of the submission's form, in the form's order and with its label, then anything else it carries. */
function rows(submission: StoredSubmission): Row[] {
  const definition = FORMS[submission.variant];
  const fields: readonly FieldDefinition[] = definition ? definition.fields : [];
  const shown = new Set<string>();
  const result: Row[] = [];
  const add = (name: string, label: string, type: FieldDefinition['type'] | undefined) => {
    shown.add(name);
    const raw = submission.fields[name];
    const value = typeof raw === 'boolean' || type === 'checkbox' ? (raw === true ? 'Yes' : 'No') : (raw ?? '');
    result.push({ label, value: value === '' ? '(not given)' : value, multiline: type === 'textarea' });
  };
  for (const field of fields) {
    // Files are listed on their own; the page field is the "Page" line above the fields.
    if (field.type === 'files' || field.type === 'hidden') {
      shown.add(field.name);
      continue;
    }
    add(field.name, field.label, field.type);
  }
  for (const name of Object.keys(submission.fields)) {
    if (!shown.has(name)) add(name, EXTRA_LABELS[name] ?? name, undefined);
  }
  return result;
}

function personOf(submission: StoredSubmission): { name: string; organization: string; email: string } {
  const text = (name: string) => {
    const value = submission.fields[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    name: oneLine(`${text('firstName')} ${text('lastName')}`) || 'someone',
    organization: oneLine(text('organization')),
    email: text('email').trim(),
  };
}

function pageLink(siteOrigin: string, page: string | null): { text: string; href?: string } | undefined {
  if (!page) return undefined;
  const text = oneLine(page, 200);
  return text.startsWith('/') ? { text, href: `${siteOrigin}${text}` } : { text };
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export interface NotificationSettings {
  readonly siteOrigin: string;
  readonly mail: MailConfig;
}

/**
 * The team's email about one submission: the subject names the kind, the person and the
 * organisation; Reply-To is the visitor; the text and HTML bodies list every field with its
 * label, the page and a link to the console; files are named with their size, never attached.
 * Every value reaches a header only as one line (nodemailer then encodes it), and the HTML
 * only escaped.
 */
export function notificationMail(
  submission: StoredSubmission,
  messageId: string,
  settings: NotificationSettings,
): OutgoingMail {
  const title = FORMS[submission.variant]?.title ?? submission.form;
  const person = personOf(submission);
  const subject = `${title}: ${person.name}${person.organization ? ` (${person.organization})` : ''}`;
  const link = consoleLink(settings.siteOrigin, submission.id);
  const page = pageLink(settings.siteOrigin, submission.page);
  const received = `${DATE_FORMAT.format(submission.receivedAt)} UTC`;
  const fieldRows = rows(submission);
  const files: readonly StoredFile[] = submission.files;

  const text = [
    `New "${title}" submission from ${person.name}${person.organization ? `, ${person.organization}` : ''}.`,
    '',
    `Received: ${received}`,
    `Page: ${page ? (page.href ?? page.text) : '(not known)'}`,
    `Open it in the team console: ${link}`,
    '',
    ...fieldRows.map((row) =>
      row.multiline && row.value.includes('\n')
        ? `${row.label}:\n${row.value
            .split(/\r?\n|\r/)
            .map((line) => `    ${line}`)
            .join('\n')}`
        : `${row.label}: ${row.multiline ? row.value : oneLine(row.value, 1000)}`,
    ),
    ...(files.length > 0
      ? [
          '',
          `Files (${files.length}), not attached; download them from the team console:`,
          ...files.map((file) => `- ${oneLine(file.name, 200)}, ${fileSize(file.size)}`),
        ]
      : []),
    '',
    `Reply to this email to answer ${person.name} directly.`,
    '',
  ].join('\n');

  const cell = (row: Row) =>
    `<td style="padding:4px 0;vertical-align:top${row.multiline ? ';white-space:pre-wrap' : ''}">${escapeHtml(
      row.multiline ? row.value : oneLine(row.value, 1000),
    )}</td>`;
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1a1a;line-height:1.5">',
    `<p>New <strong>${escapeHtml(title)}</strong> submission from <strong>${escapeHtml(person.name)}</strong>${
      person.organization ? `, ${escapeHtml(person.organization)}` : ''
    }.</p>`,
    `<p><a href="${escapeHtml(link)}">Open it in the team console</a></p>`,
    '<table role="presentation" style="border-collapse:collapse">',
    `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">Received</th><td style="padding:4px 0">${escapeHtml(received)}</td></tr>`,
    `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">Page</th><td style="padding:4px 0">${
      page
        ? page.href
          ? `<a href="${escapeHtml(page.href)}">${escapeHtml(page.text)}</a>`
          : escapeHtml(page.text)
        : '(not known)'
    }</td></tr>`,
    ...fieldRows.map(
      (row) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(row.label)}</th>${cell(row)}</tr>`,
    ),
    '</table>',
    ...(files.length > 0
      ? [
          `<p>Files (${files.length}), not attached; <a href="${escapeHtml(link)}">download them from the team console</a>:</p>`,
          '<ul>',
          ...files.map((file) => `<li>${escapeHtml(oneLine(file.name, 200))}, ${escapeHtml(fileSize(file.size))}</li>`),
          '</ul>',
        ]
      : []),
    `<p>Reply to this email to answer ${escapeHtml(person.name)} directly.</p>`,
    '</body></html>',
  ].join('\n');

  return {
    to: recipientsFor(settings.mail, submission.form),
    subject: oneLine(subject, 250),
    text,
    html,
    // Only a plain address: anything else (stored before validation, or by another tool) is left out.
    replyTo: ADDRESS.test(person.email) ? { name: person.name, address: person.email } : undefined,
    messageId,
    date: submission.receivedAt,
    headers: {
      // Out-of-office and other automatic replies stay away (RFC 3834).
      'Auto-Submitted': 'auto-generated',
      'X-Submission-Id': submission.id,
      'X-Form-Kind': submission.form,
    },
  };
}
