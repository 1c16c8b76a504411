import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

/** Answers every submission with 200 and keeps jsdom from following the zip download link. */
export function mockSubmissions() {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ status: 200 } as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());
}

export async function fillRequired(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement) {
  const find = within(scope);
  // A pop-up shows its frame at once and its fields once the forms module is there.
  await user.type(await find.findByLabelText(/^First name/), 'Ada');
  await user.type(find.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(find.getByLabelText(/^Email/), 'ada@example.org');
  await user.type(find.getByLabelText(/^Zip \/ postal code/), '94110');
}

export interface SentForm {
  readonly url: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The last submission, JSON or multipart, as plain fields. */
export function lastSubmission(): SentForm {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('nothing was sent');
  const [url, init] = call;
  if (init.body instanceof FormData) {
    const fields: Record<string, unknown> = {};
    init.body.forEach((value, name) => {
      fields[name] = value;
    });
    return { url, fields };
  }
  return { url, fields: JSON.parse(init.body as string) as Record<string, unknown> };
}

/** Fills the open pop-up's required fields, sends it, waits for it to close and answers what it sent. */
export async function sendDialogForm(
  user: ReturnType<typeof userEvent.setup>,
  dialogName: string,
  submit: string,
): Promise<SentForm> {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await fillRequired(user, dialog);
  await user.click(within(dialog).getByRole('button', { name: submit }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return lastSubmission();
}
