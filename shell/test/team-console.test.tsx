import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TeamConsole from '../src/team/TeamConsole';
import { at, fakeApi, resetAfterEach } from './helpers/fake-api';

jest.mock('single-spa', () => jest.requireActual('./helpers/single-spa'));

// userEvent types key by key: on a busy two-core CI machine a test takes seconds.
jest.setTimeout(20_000);

const SESSION = {
  signedIn: true,
  email: 'coordinator@consortium.test',
  csrfToken: 'csrf-token-of-the-session',
  admin: true,
  roles: [] as string[],
  // Signed in by a link a moment ago: exports and erasure need no new link yet.
  freshUntil: '2999-01-01T00:00:00.000Z',
};
/** The showcase partner's member: showcase content only. */
const PARTNER = {
  ...SESSION,
  email: 'presenter.desk@showcase-partner.test',
  admin: false,
  roles: ['content:showcase'],
};

const inbox = {
  rows: [
    {
      id: 'sub1',
      form: 'sponsor',
      receivedAt: '2025-03-01T10:00:00.000Z',
      name: 'Maria Hernández',
      organization: 'Ridge Valley Fire Safe Council',
      email: 'maria@example.org',
      status: 'new',
      files: 0,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
  counts: { download: 0, notifyme: 0, sponsor: 1, collab: 0, subscribe: 0, feedback: 0, contact: 0, support: 0 },
};

const submission = {
  id: 'sub2',
  form: 'feedback',
  variant: 'feedback',
  receivedAt: '2025-03-02T10:00:00.000Z',
  page: '/scorecard',
  fields: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.org', zipCode: '95969', subscribe: true },
  files: [{ id: 'file1', name: 'scorecard.xlsx', contentType: 'application/octet-stream', size: 2048 }],
  review: {
    status: 'new',
    note: '',
    history: [] as unknown[],
  },
};

resetAfterEach();

describe('the team console', () => {
  it('offers the sign-in form when nobody is signed in, and sends the address', async () => {
    at('/team');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: { signedIn: false } }),
      'POST /api/team/sign-in': () => ({
        status: 202,
        body: { message: 'If this address belongs to the team, a link is on its way.' },
      }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    expect(screen.getByRole('heading', { level: 1, name: 'Team console' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'coordinator@consortium.test');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(/a link is on its way/)).toHaveAttribute('role', 'status');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { email: 'coordinator@consortium.test' } });
  });

  it('lands a sign-in link on a page with a "Sign in" button: opening it uses nothing, the press posts the token once and opens the inbox', async () => {
    at('/team/sign-in#token=the-token-from-the-email');
    const calls = fakeApi({
      'POST /api/team/session': () => ({ status: 201, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    const button = await screen.findByRole('button', { name: 'Sign in' });
    // A mail scanner that opens the link and runs its scripts gets this far: nothing was sent.
    expect(calls).toEqual([]);
    expect(window.location.hash).toBe('');
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team inbox' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 'the-token-from-the-email' } });
    expect(window.location.pathname).toBe('/team');
    expect(window.location.hash).toBe('');
    expect(screen.getByText(`${SESSION.email} (admin)`)).toBeInTheDocument();
  });

  it('after signing in, opens the submission a signed-out visit was going to (a notification’s link)', async () => {
    at('/team/submissions/sub2');
    const signedIn = { current: false };
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: signedIn.current ? SESSION : { signedIn: false } }),
      'POST /api/team/session': () => ((signedIn.current = true), { status: 201, body: SESSION }),
      'GET /api/team/submissions/sub2': () => ({ status: 200, body: submission }),
    });
    const first = render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeInTheDocument();
    first.unmount();
    // The emailed link opens, perhaps in another tab.
    at('/team/sign-in#token=the-token-from-the-email');
    render(<TeamConsole />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feedback and uploads from Ana Silva' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/team/submissions/sub2');
  });

  it('when the session ends while an entry is edited, the next sign-in opens that entry again', async () => {
    at('/team/content/showcase/fuel-breaks');
    let listed = 0;
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: PARTNER }),
      'POST /api/team/session': () => ({ status: 201, body: PARTNER }),
      'GET /api/team/content': () => ({ status: 200, body: { areas: ['showcase'] } }),
      // The session ends while the entry is open: the editor's next call is refused.
      'GET /api/team/content/showcase': () =>
        (listed += 1) === 1
          ? { status: 401, body: { error: 'Your session has ended.' } }
          : { status: 200, body: { area: 'showcase', model: { format: 1, area: 'showcase', types: [] }, entries: [] } },
    });
    const first = render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeInTheDocument();
    expect(screen.getByText(/unsaved changes are kept in this browser/)).toBeInTheDocument();
    first.unmount();
    at('/team/sign-in#token=the-token-from-the-email');
    render(<TeamConsole />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Content' });
    expect(window.location.pathname).toBe('/team/content/showcase/fuel-breaks');
    await waitFor(() => expect(listed).toBe(2));
  });

  it('says so when a link was already used', async () => {
    at('/team/sign-in#token=used-token');
    fakeApi({
      'POST /api/team/session': () => ({
        status: 401,
        body: { error: 'This sign-in link has expired or was already used. Ask for a new one.' },
      }),
    });
    render(<TeamConsole />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('expired or was already used');
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeInTheDocument();
  });

  it('lists submissions with kind, date, name, organisation, email and status; filters go into the address and the export', async () => {
    at('/team?status=new');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    const table = await screen.findByRole('table', { name: 'Submissions, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: 'Sponsorship' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Maria Hernández' })).toHaveAttribute(
      'href',
      '/team/submissions/sub1',
    );
    expect(within(row).getByRole('cell', { name: 'Ridge Valley Fire Safe Council' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'maria@example.org' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'New' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: /2025/ })).toBeInTheDocument();
    expect(calls.find((call) => call.url.includes('/submissions'))?.url).toContain('?status=new');
    expect(screen.getByRole('link', { name: 'Sponsorship: 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export as CSV' })).toHaveAttribute(
      'href',
      '/api/team/export?status=new&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export as Excel' })).toHaveAttribute(
      'href',
      '/api/team/export?status=new&format=xlsx',
    );

    await user.selectOptions(screen.getByLabelText('Kind'), 'sponsor');
    await user.type(screen.getByLabelText('Name, email or organisation'), 'ridge');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(window.location.search).toBe('?form=sponsor&status=new&q=ridge');
    await act(async () => undefined);
    expect(calls.at(-1)?.url).toContain('?form=sponsor&status=new&q=ridge');
    expect(screen.getByLabelText('Kind')).toHaveValue('sponsor');
  });

  it('says in the inbox when the team’s emails wait for the mail server, and when the next attempt is', async () => {
    at('/team');
    const nextAttemptAt = '2026-11-26T06:12:05.000Z';
    let mail: object = { pending: 3, failed: 1, nextAttemptAt };
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: { ...inbox, mail } }),
    });
    const { unmount } = render(<TeamConsole />);
    const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(new Date(nextAttemptAt));
    await screen.findByRole('table', { name: 'Submissions, newest first' });
    const status = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.startsWith('Email to the team'));
    expect(status).toHaveTextContent(
      `Email to the team: 3 emails waiting: the mail server cannot be reached, next attempt at ${time}. ` +
        '1 email could not be delivered: read those submissions here.',
    );
    unmount();

    // All delivered: nothing to say.
    mail = { pending: 0, failed: 0 };
    render(<TeamConsole />);
    await screen.findByRole('table', { name: 'Submissions, newest first' });
    expect(screen.queryByText(/Email to the team/)).not.toBeInTheDocument();
  });

  it('shows a submission with every field labelled, its files and history, and saves the status with the CSRF token', async () => {
    at('/team/submissions/sub2');
    let saved: unknown;
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions/sub2': () => ({ status: 200, body: submission }),
      'POST /api/team/submissions/sub2/review': (call) => {
        saved = call.body;
        return {
          status: 200,
          body: {
            ...submission,
            review: {
              status: 'done',
              note: 'Called back.',
              history: [
                {
                  at: '2025-03-03T09:00:00.000Z',
                  by: SESSION.email,
                  status: { from: 'new', to: 'done' },
                  note: 'added',
                },
              ],
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feedback and uploads from Ana Silva' }),
    ).toBeInTheDocument();
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // Labels from the shared form definitions.
    expect(term('First name')).toBe('Ana');
    expect(term('Zip / postal code')).toBe('95969');
    expect(term('Organization')).toBe('—');
    expect(term('Subscribe me to updates')).toBe('Yes');
    const download = screen.getByRole('link', { name: 'Download scorecard.xlsx' });
    expect(download).toHaveAttribute('href', '/api/team/submissions/sub2/files/file1');
    expect(download).toHaveAttribute('download', 'scorecard.xlsx');
    expect(screen.getByText('(2.0 KB)', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('No changes yet.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'done');
    await user.type(screen.getByLabelText('Private note (only the team sees it)'), 'Called back.');
    await user.click(screen.getByRole('button', { name: 'Save status and note' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(saved).toEqual({ status: 'done', note: 'Called back.' });
    expect(calls.at(-1)?.headers['X-CSRF-Token']).toBe(SESSION.csrfToken);
    expect(screen.getByText(/changed the status from New to Done and added the note/)).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('done');
  });

  it('erases a person only after the confirmation is ticked', async () => {
    at('/team');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
      'POST /api/team/erase': () => ({ status: 200, body: { submissions: 2, files: 1, assessments: 0 } }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    await user.click(await screen.findByRole('button', { name: 'Erase a person…' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase a person' });
    await user.type(within(dialog).getByLabelText('Email address'), 'maria@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Erase everything from this address' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tick the box');
    expect(calls.some((call) => call.url.endsWith('/erase'))).toBe(false);
    await user.click(within(dialog).getByLabelText('I understand that this cannot be undone.'));
    await user.click(within(dialog).getByRole('button', { name: 'Erase everything from this address' }));
    expect(await screen.findByText(/Erased 2 submissions and 1 file/)).toBeInTheDocument();
    const erase = calls.find((call) => call.url.endsWith('/erase'))!;
    expect(erase).toMatchObject({ method: 'POST', body: { email: 'maria@example.org' } });
    expect(erase.headers['X-CSRF-Token']).toBe(SESSION.csrfToken);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signs out on every browser and device at once', async () => {
    at('/team');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
      'POST /api/team/sign-out-everywhere': () => ({ status: 200, body: { ok: true } }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('You are signed out on every browser and device.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the team console' })).toBeInTheDocument();
    const post = calls.find((call) => call.url.endsWith('/api/team/sign-out-everywhere'))!;
    expect(post.headers['X-CSRF-Token']).toBe(SESSION.csrfToken);
  });

  it('offers a new link instead of exports and erasure once the sign-in is more than 15 minutes old', async () => {
    at('/team');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: { ...SESSION, freshUntil: '2025-03-01T10:15:00.000Z' } }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
      'POST /api/team/sign-in': () => ({ status: 202, body: { message: 'If this address belongs to the team…' } }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    const ask = await screen.findByRole('button', { name: 'Email me a new link' });
    expect(screen.queryByRole('link', { name: 'Export as CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase a person…' })).not.toBeInTheDocument();
    await user.click(ask);
    expect(
      await screen.findByText(/A new sign-in link is on its way to coordinator@consortium\.test/),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { email: SESSION.email } });
  });

  it('is an app of its own: its navigation shows an admin every page, in order, the current one marked', async () => {
    at('/team');
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
    });
    render(<TeamConsole />);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Inbox', '/team'],
      ['Updates', '/team/updates'],
      ['Content', '/team/content'],
      ['Impact', '/team/impact'],
      ['Members', '/team/members'],
      ['Audit', '/team/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(`${SESSION.email} (admin)`)).toBeInTheDocument();
  });

  it('shows the showcase partner only Content, starts them there, and tells them what is not theirs', async () => {
    at('/team');
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: PARTNER }),
      // The Content page is the editor (issue 28): the areas the partner may edit, and the one area's entries.
      'GET /api/team/content': () => ({ status: 200, body: { areas: ['showcase'] } }),
      'GET /api/team/content/showcase': () => ({
        status: 200,
        body: { area: 'showcase', model: { format: 1, area: 'showcase', types: [] }, entries: [] },
      }),
    });
    render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/team/content');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Content']);
    expect(
      within(await screen.findByRole('navigation', { name: 'Content areas' })).getByRole('listitem'),
    ).toHaveTextContent('Showcase');
    expect(await screen.findByRole('heading', { level: 2, name: 'Content of the showcase area' })).toBeInTheDocument();
    // The inbox was never asked for.
    expect(calls.some((call) => call.url.includes('/submissions'))).toBe(false);

    await act(async () => {
      at('/team/members');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Not available to you' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/members'))).toBe(false);
  });

  it('shows the Updates page at its own address, marked in the navigation', async () => {
    at('/team/updates');
    fakeApi({ 'GET /api/team/session': () => ({ status: 200, body: SESSION }) });
    render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Updates' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Updates' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('lets an admin add a member with roles, showing the field the API refused', async () => {
    at('/team/members');
    const member = {
      email: 'presenter.desk@showcase-partner.test',
      roles: ['content:showcase'],
      addedAt: '2025-03-01T10:00:00.000Z',
      addedBy: SESSION.email,
      changedAt: '2025-03-01T10:00:00.000Z',
      changedBy: SESSION.email,
    };
    const listed = { admins: [SESSION.email], members: [] as (typeof member)[] };
    let refuse = true;
    const calls = fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/members': () => ({ status: 200, body: listed }),
      'POST /api/team/members': () => {
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: { error: 'The member is not valid.', fields: { roles: 'Choose at least one role.' } },
          };
        }
        listed.members = [member];
        return { status: 201, body: member };
      },
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), member.email);
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Choose at least one role.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Content: showcase'));
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText(`${member.email} was added.`)).toBeInTheDocument();
    const post = calls.filter((call) => call.method === 'POST').at(-1)!;
    expect(post.body).toEqual({ email: member.email, roles: ['content:showcase'] });
    expect(post.headers['X-CSRF-Token']).toBe(SESSION.csrfToken);
    const row = await screen.findByRole('row', { name: /presenter\.desk/ });
    expect(within(row).getByRole('cell', { name: 'Content: showcase' })).toBeInTheDocument();
  });

  it('shows admins the audit log with what each action was', async () => {
    at('/team/audit');
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/audit': () => ({
        status: 200,
        body: {
          entries: [
            {
              id: 'a2',
              at: '2025-03-01T11:00:00.000Z',
              by: SESSION.email,
              action: 'erase',
              counts: { submissions: 2, files: 1, assessments: 0 },
            },
            {
              id: 'a1',
              at: '2025-03-01T10:00:00.000Z',
              by: 'unknown',
              action: 'sign-in-refused',
              detail: 'the link had expired',
            },
          ],
          total: 2,
          page: 1,
          pageSize: 50,
          retentionDays: 400,
        },
      }),
    });
    render(<TeamConsole />);
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('cell', { name: 'Erased a person' })).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole('cell', { name: 'submissions: 2, files: 1, assessments: 0' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'Sign-in refused' })).toBeInTheDocument();
    expect(screen.getByText(/kept for 400 days/)).toBeInTheDocument();
  });

  it('folds the inbox’s filters and tools behind one button (shown on a phone), the list first', async () => {
    at('/team?status=new');
    fakeApi({
      'GET /api/team/session': () => ({ status: 200, body: SESSION }),
      'GET /api/team/submissions': () => ({ status: 200, body: inbox }),
    });
    const user = userEvent.setup();
    render(<TeamConsole />);
    await screen.findByRole('table', { name: 'Submissions, newest first' });
    const toggle = screen.getByRole('button', { name: 'Filters and tools (1 filter on)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('data-open', 'false');
    expect(within(panel).getByRole('search', { name: 'Filter submissions' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
  });
});
