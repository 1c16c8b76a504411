import type { InboxRow, TeamSubmission } from '@wpc/shared/team/schemas';
import type { ReviewedSubmission } from '.';

/** What the inbox shows of a row. */
export function toInboxRow(row: ReviewedSubmission): InboxRow {
  const text = (name: string) => {
    const value = row.fields[name];
    return typeof value === 'string' ? value : '';
  };
  return {
    id: row.id,
    form: row.form,
    receivedAt: row.receivedAt.toISOString(),
    name: [text('firstName'), text('lastName')].filter(Boolean).join(' '),
    organization: text('organization'),
    email: text('email'),
    status: row.review.status,
    files: row.files.length,
  };
}

/** A reviewed submission as the console's API sends it (the one place it is converted). */
export function toWire(row: ReviewedSubmission): TeamSubmission {
  return {
    id: row.id,
    form: row.form,
    variant: row.variant,
    receivedAt: row.receivedAt.toISOString(),
    page: row.page,
    // Stored fields never hold undefined (JSON has no such value).
    fields: row.fields as TeamSubmission['fields'],
    files: row.files.map((file) => ({ id: file.id, name: file.name, contentType: file.contentType, size: file.size })),
    review: {
      status: row.review.status,
      note: row.review.note,
      history: row.review.history.map((change) => ({ ...change, at: change.at.toISOString() })),
    },
  };
}
