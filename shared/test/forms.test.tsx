import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { onMessage, type SiteMessage } from '@wpc/shared/events';
import { FORMS, HONEYPOT_FIELD, type FormId } from '@wpc/shared/form-definitions';
import { SPEC_FORM_IDS, SPEC_FORMS, specFieldsOfType, specZipField } from '../../test-support/spec/forms';
import {
  ContactPageForm,
  ContactScorecardForm,
  FORM_ERROR_TEXT,
  SCORECARD_ZIP_URL,
  SiteForm,
  SubscribeForm,
  SubscribePageForm,
  SUBMIT_LABEL,
  SUCCESS_TEXT,
} from '@wpc/shared/forms';
import { FormButton } from '@wpc/shared/forms/on-demand';

// userEvent types key by key: on a busy two-core CI machine one filled-in form takes seconds.
jest.setTimeout(20_000);

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
let messages: SiteMessage[] = [];
let stopListening: () => void = () => {};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue({ status: 200 } as Response);
  global.fetch = fetchMock as unknown as typeof fetch;
  messages = [];
  stopListening = onMessage((message) => messages.push(message));
  // jsdom cannot navigate: the download link's click is observed, not followed.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  stopListening();
  jest.restoreAllMocks();
});

function named(name: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no field named "${name}"`);
  return element;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement = document.body) {
  const find = within(scope);
  // A pop-up's form loads when the button is first used: wait for it.
  await user.type(await find.findByLabelText(/^First name/), 'Ada');
  await user.type(find.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(find.getByLabelText(/^Email/), 'ada@example.org');
  await user.type(find.getByLabelText(/^Zip \/ postal code/), '94110');
}

function sentJson(): Record<string, unknown> {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('nothing was sent');
  return JSON.parse(call[1].body as string) as Record<string, unknown>;
}

function submitButton(form: FormId) {
  return screen.getByRole('button', { name: SUBMIT_LABEL[form] });
}

describe.each(SPEC_FORM_IDS)('the %s form', (form) => {
  const spec = SPEC_FORMS[form];
  const definition = FORMS[form];
  const zip = specZipField(spec);

  it('renders exactly the spec §3 fields, each with its type, a label and the §5 rules', async () => {
    const user = userEvent.setup();
    render(<SiteForm form={form} />);
    for (const flag of Object.values(spec.shownOnlyWith ?? {})) await user.click(named(flag));
    const rendered = Array.from(document.querySelectorAll('[name]'), (element) => element.getAttribute('name'));
    expect(rendered.filter((name) => name !== HONEYPOT_FIELD).sort()).toEqual(Object.keys(spec.fields).sort());
    for (const [name, type] of Object.entries(spec.fields)) {
      const element = named(name);
      const fixed = spec.fixed?.[name];
      if (fixed !== undefined) {
        expect(element).toHaveValue(fixed);
        continue;
      }
      if (type === 'text') expect(element.tagName === 'TEXTAREA' || element.getAttribute('type') === 'text').toBe(true);
      if (type === 'email') expect(element).toHaveAttribute('type', 'email');
      if (type === 'boolean') expect(element).toHaveAttribute('type', 'checkbox');
      if (type === 'files') {
        expect(element).toHaveAttribute('type', 'file');
        expect(element).toHaveAttribute('multiple');
      }
      expect(element).toHaveAccessibleName();
      if (spec.required.includes(name)) expect(element).toBeRequired();
      else expect(element).not.toBeRequired();
      if (name === zip && spec.zipMinLength) expect(element).toHaveAttribute('minlength', String(spec.zipMinLength));
      else expect(element).not.toHaveAttribute('minlength');
    }
    const trap = document.querySelector(`[name="${HONEYPOT_FIELD}"]`);
    expect(trap).toHaveAttribute('aria-hidden', 'true');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    const policy = screen.getByRole('link', { name: /Data Protection Policy/ });
    expect(policy).toHaveAttribute('href', '/assets/docs/data-protection-policy.pdf');
    expect(policy).toHaveAttribute('target', '_blank');
    expect(policy.closest('p')).toHaveTextContent(
      `By clicking “${SUBMIT_LABEL[form]}”, you agree to our Data Protection Policy`,
    );
  });

  for (const [field, flag] of Object.entries(spec.shownOnlyWith ?? {})) {
    it(`shows ${field} only while ${flag} is ticked`, async () => {
      const user = userEvent.setup();
      render(<SiteForm form={form} />);
      expect(document.querySelector(`[name="${field}"]`)).toBeNull();
      await user.click(named(flag));
      expect(named(field)).toBeVisible();
    });
  }

  it('lets the browser block a send while a required field is empty', async () => {
    const user = userEvent.setup();
    render(<SiteForm form={form} />);
    await user.type(named('firstName'), 'Ada');
    await user.click(submitButton(form));
    expect(screen.getByRole('form', { name: definition.title })).toBeInvalid();
    expect((screen.getByRole('form') as HTMLFormElement).checkValidity()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends exactly its spec fields, flags as booleans, to its §7 path with its §6 credentials', async () => {
    const user = userEvent.setup();
    render(<SiteForm form={form} />);
    await fillRequired(user);
    const flags = specFieldsOfType(spec, 'boolean');
    const ticked = flags[0];
    if (ticked) await user.click(named(ticked));
    await user.click(submitButton(form));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(spec.path);
    expect(init.credentials).toBe(spec.credentials ? 'include' : 'omit');
    expect(init.body instanceof FormData).toBe(spec.multipart);
    const sent: Record<string, unknown> =
      init.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : (JSON.parse(init.body as string) as Record<string, unknown>);
    const hidden = Object.entries(spec.shownOnlyWith ?? {})
      .filter(([, flag]) => flag !== ticked)
      .map(([field]) => field);
    const expectedKeys = Object.entries(spec.fields)
      .filter(([name, type]) => type !== 'files' && !hidden.includes(name))
      .map(([name]) => name);
    expect(
      Object.keys(sent)
        .filter((key) => key !== HONEYPOT_FIELD)
        .sort(),
    ).toEqual(expectedKeys.sort());
    expect(sent).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', [zip]: '94110' });
    const truthy = spec.multipart ? 'true' : true;
    const falsy = spec.multipart ? 'false' : false;
    for (const flag of flags) expect(sent[flag]).toBe(flag === ticked ? truthy : falsy);
    for (const [name, value] of Object.entries(spec.fixed ?? {})) expect(sent[name]).toBe(value);
    expect(sent).not.toHaveProperty('scorecardForm');
  });

  it(`${spec.scorecardForm ? 'adds' : 'never adds'} scorecardForm: true when launched from a scorecard page`, async () => {
    const user = userEvent.setup();
    render(<SiteForm form={form} scorecardForm />);
    await fillRequired(user);
    await user.click(submitButton(form));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = fetchMock.mock.calls[0]![1].body;
    const sent =
      body instanceof FormData
        ? body.get('scorecardForm')
        : (JSON.parse(body as string) as Record<string, unknown>).scorecardForm;
    if (spec.scorecardForm) expect(sent).toBe(spec.multipart ? 'true' : true);
    else expect(sent ?? undefined).toBeUndefined();
  });
});

describe('a prerendered form', () => {
  it('keeps what was typed into it before it was hydrated, and sends it', async () => {
    const user = userEvent.setup();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SubscribeForm />);
    document.body.append(container);
    // Typed into the plain HTML form: no React handler sees these.
    const typed = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', zipCode: '94110' };
    const form = within(container).getByRole('form');
    for (const [name, value] of Object.entries(typed))
      (form as HTMLFormElement).querySelector<HTMLInputElement>(`[name="${name}"]`)!.value = value;
    const root = await act(async () => hydrateRoot(container, <SubscribeForm />));
    await user.click(within(container).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentJson()).toMatchObject(typed);
    act(() => root.unmount());
    container.remove();
  });
});

describe('outcomes', () => {
  it('download: thanks the visitor, downloads the zip and closes the pop-up', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')}|${this.getAttribute('download')}`);
    });
    render(<FormButton form="download">Download Scorecard</FormButton>);
    await user.click(screen.getByRole('button', { name: 'Download Scorecard' }));
    await fillRequired(user, await screen.findByRole('dialog'));
    await user.click(submitButton('download'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(messages).toEqual([
      {
        kind: 'download',
        tone: 'success',
        text: 'Thank you for downloading! If you have any questions or need support, please get in touch with us.',
      },
    ]);
    expect(SCORECARD_ZIP_URL).toBe('/assets/content/community-wildfire-resilience-scorecard-02-20-24.zip');
    expect(clicked).toEqual([`${SCORECARD_ZIP_URL}|community-wildfire-resilience-scorecard-02-20-24.zip`]);
  });

  it('download from a scorecard page sends scorecardForm and uses the scorecard kind', async () => {
    const user = userEvent.setup();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(
      <FormButton form="download" scorecardForm>
        Download Scorecard
      </FormButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Download Scorecard' }));
    await fillRequired(user);
    await user.click(submitButton('download'));
    await waitFor(() => expect(messages).toHaveLength(1));
    expect(sentJson()).toMatchObject({ scorecardForm: true });
    expect(messages[0]!.kind).toBe('scorecard-download');
  });

  it('a non-200 answer shows the error, inline and as a message, and keeps the pop-up and input', async () => {
    const user = userEvent.setup();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fetchMock.mockResolvedValue({ status: 500 } as Response);
    render(<FormButton form="download">Download Scorecard</FormButton>);
    await user.click(screen.getByRole('button', { name: 'Download Scorecard' }));
    await fillRequired(user);
    await user.type(screen.getByLabelText('Message'), 'Looking forward to it');
    await user.click(submitButton('download'));
    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_ERROR_TEXT);
    expect(messages).toEqual([{ kind: 'error', tone: 'error', text: FORM_ERROR_TEXT }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText('Message')).toHaveValue('Looking forward to it');
    expect(click).not.toHaveBeenCalled();
  });

  it('a thrown error is retried once, then logged and shown with the spec error text', async () => {
    const user = userEvent.setup();
    const failure = new TypeError('Failed to fetch');
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(failure);
    render(<SiteForm form="sponsor" />);
    await fillRequired(user);
    await user.click(submitButton('sponsor'));
    // The retry waits RETRY_DELAY_MS (1 s) first.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'ERROR: There was an issue submitting the form. Please try again. If the problem continues, contact us, and our team will gladly assist you.',
    );
    expect(log).toHaveBeenCalledWith(expect.any(String), failure);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(messages).toEqual([{ kind: 'error', tone: 'error', text: FORM_ERROR_TEXT }]);
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.org');
  }, 20_000);

  it('sends the same attempt again with the same Idempotency-Key, and a changed one with a new key', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({ status: 500 } as Response);
    render(<SiteForm form="contact" />);
    await fillRequired(user);
    const keyOf = (index: number) =>
      (fetchMock.mock.calls[index]![1].headers as Record<string, string>)['Idempotency-Key'];
    await user.click(submitButton('contact'));
    await screen.findByRole('alert');
    await user.click(submitButton('contact'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(keyOf(1)).toBe(keyOf(0));
    // The visitor corrects something: a new attempt, which must not be mistaken for the old one.
    await user.type(screen.getByLabelText('Message'), 'A second thought');
    fetchMock.mockResolvedValue({ status: 200 } as Response);
    await user.click(submitButton('contact'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
    expect(keyOf(2)).toMatch(/^[0-9a-f-]{36}$/);
  }, 20_000);

  it('blocks a name the API would refuse, with the shared rule as the browser message', async () => {
    const user = userEvent.setup();
    render(<SiteForm form="notify" />);
    await fillRequired(user);
    const firstName = screen.getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, '\u200b\u200b');
    await user.click(submitButton('notify'));
    expect((firstName as HTMLInputElement).validationMessage).toBe('First name is required.');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(firstName, 'Ada');
    expect((firstName as HTMLInputElement).validationMessage).toBe('');
    await user.click(submitButton('notify'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  }, 20_000);

  it('notify: thanks the visitor whatever the status and stays open until closed', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({ status: 503 } as Response);
    render(<FormButton form="notify">Notify Me!</FormButton>);
    await user.click(screen.getByRole('button', { name: 'Notify Me!' }));
    await fillRequired(user);
    await user.click(submitButton('notify'));
    // A 503 is retried once (after 1 s) before the answer counts.
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(SUCCESS_TEXT.notify);
    expect(SUCCESS_TEXT.notify).toMatch(/thank you for submitting/i);
    expect(SUCCESS_TEXT.notify).toMatch(/next .*showcase/i);
    expect(messages).toEqual([{ kind: 'notify', tone: 'success', text: SUCCESS_TEXT.notify }]);
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('omit');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /^Close/ })[1]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('opens with the pop-up already showing when asked to', async () => {
    render(
      <FormButton form="notify" defaultOpen>
        Notify Me!
      </FormButton>,
    );
    expect(await screen.findByRole('dialog', { name: FORMS.notify.title })).toBeInTheDocument();
  });

  it('subscribe: clears its four fields on success', async () => {
    const user = userEvent.setup();
    render(<SubscribeForm />);
    await fillRequired(user);
    await user.click(submitButton('subscribe'));
    await waitFor(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toMatchObject({ kind: 'subscribe', tone: 'success' });
    for (const label of [/^First name/, /^Last name/, /^Email/, /^Zip/])
      expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it.each([
    ['subscribePage', SubscribePageForm, 'scorecard-subscribe'],
    ['contactScorecard', ContactScorecardForm, 'scorecard-contact'],
  ] as const)(
    'the %s page form sends scorecardForm, resets on success and keeps input on failure',
    async (form, Component, kind) => {
      const user = userEvent.setup();
      render(<Component />);
      await fillRequired(user);
      await user.type(screen.getByLabelText('Organization'), 'Fire Safe Council');
      fetchMock.mockResolvedValueOnce({ status: 400 } as Response);
      await user.click(submitButton(form));
      expect(await screen.findByRole('alert')).toHaveTextContent(FORM_ERROR_TEXT);
      expect(screen.getByLabelText('Organization')).toHaveValue('Fire Safe Council');
      expect(screen.getByLabelText(/^Zip/)).toHaveValue('94110');
      await user.click(submitButton(form));
      await waitFor(() => expect(messages.at(-1)).toMatchObject({ kind, tone: 'success' }));
      expect(sentJson()).toMatchObject({ scorecardForm: true, zip: '94110', organization: 'Fire Safe Council' });
      expect(screen.getByLabelText('Organization')).toHaveValue('');
      expect(screen.getByLabelText(/^First name/)).toHaveValue('');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('the /contact-us form sends the pop-up contact shape with credentials and no scorecardForm', async () => {
    const user = userEvent.setup();
    render(<ContactPageForm />);
    await fillRequired(user);
    await user.click(screen.getByLabelText('Co-apply for funding'));
    await user.click(submitButton('contact'));
    await waitFor(() => expect(messages).toHaveLength(1));
    const sent = sentJson();
    expect(sent).toMatchObject({ zipCode: '94110', 'Co-apply': true, wildfire_resilience_scorecard: false });
    expect(sent).not.toHaveProperty('scorecardForm');
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include');
    expect(messages[0]!.kind).toBe('contact');
  });

  it.each(['collab', 'feedback', 'support', 'contact', 'subscribe'] as const)(
    'the %s pop-up sends scorecardForm: true only when opened from a scorecard page',
    async (form) => {
      const user = userEvent.setup();
      const { unmount } = render(<FormButton form={form}>Open</FormButton>);
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await fillRequired(user);
      await user.click(submitButton(form));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const read = () => {
        const body = fetchMock.mock.calls.at(-1)![1].body;
        return body instanceof FormData
          ? body.get('scorecardForm')
          : (JSON.parse(body as string) as Record<string, unknown>).scorecardForm;
      };
      expect(read()).toBeFalsy();
      unmount();
      render(
        <FormButton form={form} scorecardForm>
          Open
        </FormButton>,
      );
      await user.click(screen.getByRole('button', { name: 'Open' }));
      await fillRequired(user);
      await user.click(submitButton(form));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(read()).toBe(form === 'feedback' ? 'true' : true);
      expect(messages.at(-1)!.kind).toBe(`scorecard-${form}`);
    },
  );

  it('support: the message box appears only with Other ticked', async () => {
    const user = userEvent.setup();
    render(<SiteForm form="support" />);
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Other'));
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Other'));
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Other'));
    await user.type(screen.getByLabelText('Message'), 'I can lend a drone');
    await fillRequired(user);
    await user.click(submitButton('support'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentJson()).toMatchObject({ otherSupport: true, message: 'I can lend a drone', 'share-learnings': false });
  });
});

describe('feedback uploads', () => {
  it('sends multipart with pageName, links and every chosen file under "files"', async () => {
    const user = userEvent.setup();
    render(<SiteForm form="feedback" pageName="scorecard" scorecardForm />);
    const input = screen.getByLabelText('Files');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png,.svg,.pdf,.doc,.docx,.xlsx,.xls,.ppt,.pptx');
    expect(screen.getByText(/up to 20 MB each/)).toBeInTheDocument();
    expect(screen.getByText(/larger files .*Links box/)).toBeInTheDocument();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Links'), 'https://example.org/big-map.zip');
    await user.upload(input, [new File(['a'], 'scorecard.xlsx'), new File(['b'], 'photo.PNG')]);
    await user.click(submitButton('feedback'));
    await waitFor(() => expect(messages).toHaveLength(1));
    const body = fetchMock.mock.calls[0]![1].body as FormData;
    expect(body.get('pageName')).toBe('scorecard');
    expect(body.get('links')).toBe('https://example.org/big-map.zip');
    expect(body.get('scorecardForm')).toBe('true');
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['scorecard.xlsx', 'photo.PNG']);
    expect(messages[0]).toEqual({ kind: 'scorecard-feedback', tone: 'success', text: SUCCESS_TEXT.feedback });
    expect(SUCCESS_TEXT.feedback).toMatch(/thank you for your feedback/i);
  });

  it('defaults pageName to "feedback"', async () => {
    const user = userEvent.setup();
    render(<SiteForm form="feedback" />);
    await fillRequired(user);
    await user.click(submitButton('feedback'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((fetchMock.mock.calls[0]![1].body as FormData).get('pageName')).toBe('feedback');
  });

  it.each([
    ['of another type', () => new File(['x'], 'archive.zip'), /"archive.zip" is not a file type we accept/, 0],
    [
      'over 20 MB',
      () => {
        const file = new File(['x'], 'huge.pdf');
        Object.defineProperty(file, 'size', { value: 20 * 1024 * 1024 + 1 });
        return file;
      },
      /"huge.pdf" is larger than 20 MB/,
      0,
    ],
    [
      'one of more than 10 files',
      () => new File(['x'], 'eleventh.pdf'),
      /You chose 11 files; the limit is 10 at a time/,
      9,
    ],
  ])(
    'tells the visitor when a file is %s, keeps their input and blocks the send',
    async (_, makeFile, text, extraGoodFiles) => {
      const user = userEvent.setup({ applyAccept: false });
      render(<SiteForm form="feedback" />);
      await fillRequired(user);
      await user.type(screen.getByLabelText('Message'), 'Our pilot results');
      const input = screen.getByLabelText('Files');
      const goodFiles = Array.from(
        { length: extraGoodFiles + 1 },
        (__, index) => new File(['ok'], `fine-${index}.pdf`),
      );
      await user.upload(input, [...goodFiles, makeFile()]);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(alert).toHaveTextContent(/Links box/);
      expect(input).toBeInvalid();
      await user.click(submitButton('feedback'));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Message')).toHaveValue('Our pilot results');
      expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
      await user.upload(input, [new File(['ok'], 'fine.pdf')]);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(input).toBeValid();
    },
  );
});

describe('before scripts run, or without them', () => {
  // Expected addresses are the form pages' (docs/design-notes.md, issue 32): /forms/<form id>.
  it.each(SPEC_FORM_IDS)('%s: posts to its own page, flags as "true" when ticked', (form) => {
    const { container } = render(<SiteForm form={form} scorecardForm />);
    const element = container.querySelector('form')!;
    expect(element).toHaveAttribute('method', 'post');
    expect(element).toHaveAttribute('action', `/forms/${form}`);
    expect(element.getAttribute('enctype')).toBe(SPEC_FORMS[form].multipart ? 'multipart/form-data' : null);
    for (const name of specFieldsOfType(SPEC_FORMS[form], 'boolean'))
      expect(named(name)).toHaveAttribute('value', 'true');
    const scorecard = container.querySelector('input[type="hidden"][name="scorecardForm"]');
    if (SPEC_FORMS[form].scorecardForm) expect(scorecard).toHaveAttribute('value', 'true');
    else expect(scorecard).toBeNull();
  });

  it('shows a post the server turned back: what was typed, and each field’s problem tied to it', () => {
    render(
      <SiteForm
        form="support"
        withoutScripts
        returned={{
          values: { firstName: ' ', lastName: 'Lovelace', email: 'ada@example.org', funding: true, message: 'Hi' },
          fieldErrors: { firstName: 'First name is required.' },
          error: 'Some fields need attention.',
        }}
      />,
    );
    const firstName = screen.getByLabelText(/^First name/);
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('First name is required.');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Funding')).toBeChecked();
    expect(screen.getByLabelText('Other')).not.toBeChecked();
    // Nothing could show the message box on a choice: it is there from the start.
    expect(screen.getByLabelText('Message')).toHaveValue('Hi');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.');
  });

  it('a pop-up’s button is a form that leads to the form’s page, and opens the pop-up once scripts run', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <FormButton form="feedback" scorecardForm pageName="scorecard">
        Feedback & Upload
      </FormButton>,
    );
    const page = container.querySelector('form')!;
    expect(page).toHaveAttribute('method', 'get');
    expect(page).toHaveAttribute('action', '/forms/feedback');
    expect(Object.fromEntries(new FormData(page))).toEqual({ scorecard: 'true', page: 'scorecard' });
    const submitted = jest.fn((event: Event) => event.preventDefault());
    page.addEventListener('submit', submitted);
    await user.click(screen.getByRole('button', { name: 'Feedback & Upload' }));
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: FORMS.feedback.title })).toBeInTheDocument();
  });
});
