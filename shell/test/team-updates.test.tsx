import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatesPage } from '../src/team/updates/UpdatesPage';
import { fakeApi } from './helpers/fake-api';

// userEvent types key by key: on a busy two-core CI machine a test takes seconds.
jest.setTimeout(20_000);

const SESSION = {
  signedIn: true as const,
  email: 'writer@consortium.test',
  csrfToken: 'csrf-of-the-session',
  admin: false,
  roles: ['updates' as const],
  freshUntil: '2999-01-01T00:00:00.000Z',
};

const counts = { queued: 0, sent: 0, failed: 0, suppressed: 0, cancelled: 0 };
const view = (state: string, extra: Record<string, unknown> = {}) => ({
  id: 'u1',
  subject: 'The 2027 Scorecard',
  body: 'It opens in March.',
  list: 'scorecard',
  state,
  createdAt: '2026-11-26T09:00:00.000Z',
  createdBy: SESSION.email,
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  fromRelease: null,
  counts,
  withdrawnAt: null,
  webVersion: null,
  ...extra,
});

test('writes, previews, tests and sends an update; each change carries the CSRF token; subscribers per list', async () => {
  let updates: unknown[] = [];
  const calls = fakeApi({
    'GET /api/team/updates': () => ({ status: 200, body: { updates } }),
    'GET /api/team/update-releases': () => ({ status: 200, body: { releases: [] } }),
    'POST /api/team/updates': () => ({ status: 201, body: view('draft') }),
    'POST /api/team/update-preview': () => ({
      status: 200,
      body: { subject: 'The 2027 Scorecard', html: '<p>It opens in March.</p>', text: 'It opens in March.' },
    }),
    'POST /api/team/updates/u1': () => ({ status: 200, body: view('draft') }),
    'POST /api/team/updates/u1/test': () => ({ status: 200, body: { sentTo: SESSION.email } }),
    'POST /api/team/updates/u1/send': () => {
      updates = [
        view('sending', {
          counts: { ...counts, queued: 40, sent: 2 },
          webVersion: '/updates/2026-11-26-the-2027-scorecard',
        }),
      ];
      return { status: 200, body: updates[0] };
    },
    'GET /api/team/subscribers': () => ({
      status: 200,
      body: {
        counts: [
          { list: 'scorecard', confirmed: 42, pending: 3, left: 1 },
          { list: 'showcase', confirmed: 7, pending: 0, left: 0 },
        ],
        suppressed: 2,
        rows: [],
      },
    }),
  });
  const user = userEvent.setup();
  render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);

  expect(await screen.findByText('Scorecard updates: 42 confirmed, 3 waiting to confirm, 1 left')).toBeVisible();
  await user.type(screen.getByLabelText('Subject'), 'The 2027 Scorecard');
  await user.type(screen.getByLabelText(/^Message/), 'It opens in March.');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByTitle('Preview: The 2027 Scorecard')).toHaveAttribute('sandbox', '');

  await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
  expect(await screen.findByText(`Test sent to ${SESSION.email}.`)).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Send now' }));
  expect(await screen.findByText('Sending to the confirmed subscribers of Scorecard updates.')).toBeVisible();

  const row = (await screen.findByRole('link', { name: 'The 2027 Scorecard' })).closest('tr')!;
  expect(within(row).getByText('Sending')).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(within(row).getByText('40')).toBeVisible();

  const changes = calls.filter((call) => call.method === 'POST');
  expect(changes.map((call) => call.url.replace(/^.*\/api\/team/, ''))).toEqual([
    '/update-preview',
    '/updates',
    '/updates/u1/test',
    '/updates/u1',
    '/updates/u1/send',
  ]);
  expect(changes.every((call) => call.headers['X-CSRF-Token'] === SESSION.csrfToken)).toBe(true);
  expect(changes[1]!.body).toEqual({ subject: 'The 2027 Scorecard', body: 'It opens in March.', list: 'scorecard' });
});

test('withdraws a sent update from the public archive with its own button, carrying the CSRF token', async () => {
  const sent = { state: 'sent', startedAt: '2026-11-26T09:00:00.000Z', counts: { ...counts, sent: 42 } };
  let updates: unknown[] = [view('sent', { ...sent, webVersion: '/updates/2026-11-26-the-2027-scorecard' })];
  const calls = fakeApi({
    'GET /api/team/updates': () => ({ status: 200, body: { updates } }),
    'GET /api/team/update-releases': () => ({ status: 200, body: { releases: [] } }),
    'GET /api/team/subscribers': () => ({ status: 200, body: { counts: [], suppressed: 0, rows: [] } }),
    'POST /api/team/updates/u1/withdraw': () => {
      updates = [view('sent', { ...sent, withdrawnAt: '2026-11-27T10:00:00.000Z' })];
      return { status: 200, body: updates[0] };
    },
  });
  const user = userEvent.setup();
  render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);

  const link = await screen.findByRole('link', { name: 'The 2027 Scorecard' });
  expect(link).toHaveAttribute('href', '/updates/2026-11-26-the-2027-scorecard');
  await user.click(within(link.closest('tr')!).getByRole('button', { name: 'Withdraw from archive' }));
  expect(
    await screen.findByText('The update is withdrawn from the public archive, its feed and the sitemap.'),
  ).toBeVisible();
  const row = screen.getByText('The 2027 Scorecard').closest('tr')!;
  expect(within(row).getByText('Sent, withdrawn from the archive')).toBeVisible();
  expect(within(row).queryByRole('button', { name: 'Withdraw from archive' })).toBeNull();
  expect(within(row).queryByRole('link')).toBeNull();
  const withdraw = calls.find((call) => call.url.endsWith('/api/team/updates/u1/withdraw'))!;
  expect(withdraw.method).toBe('POST');
  expect(withdraw.headers['X-CSRF-Token']).toBe(SESSION.csrfToken);
});

test('shows the API’s refusal and the field it names', async () => {
  fakeApi({
    'GET /api/team/updates': () => ({ status: 200, body: { updates: [] } }),
    'GET /api/team/subscribers': () => ({ status: 200, body: { counts: [], suppressed: 0, rows: [] } }),
    'GET /api/team/update-releases': () => ({ status: 200, body: { releases: [] } }),
    'POST /api/team/update-preview': () => ({
      status: 400,
      body: { error: 'The update cannot be previewed.', fields: { subject: 'Write a subject.' } },
    }),
  });
  const user = userEvent.setup();
  render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);
  await user.click(await screen.findByRole('button', { name: 'Preview' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The update cannot be previewed. Write a subject.');
  expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
});

test('starts a draft from a published press release, keeping what was written as a draft first', async () => {
  const fromRelease = view('draft', {
    id: 'u2',
    subject: 'Scorecard Launched',
    body: 'A free self-assessment.\n\n[Read the press release on our website](https://wildfire.example/scorecard/news/launched)',
    list: 'showcase',
    fromRelease: 'launched',
  });
  const calls = fakeApi({
    'GET /api/team/updates': () => ({ status: 200, body: { updates: [] } }),
    'GET /api/team/subscribers': () => ({ status: 200, body: { counts: [], suppressed: 0, rows: [] } }),
    'GET /api/team/update-releases': () => ({
      status: 200,
      body: {
        releases: [
          { slug: 'pilot-funded', title: 'First Pilot Funded', date: '2025-03-01', summary: '' },
          { slug: 'launched', title: 'Scorecard Launched', date: '2024-02-19', summary: '' },
        ],
      },
    }),
    'POST /api/team/updates': () => ({ status: 201, body: view('draft') }),
    'POST /api/team/update-releases': () => ({ status: 201, body: fromRelease }),
  });
  const user = userEvent.setup();
  render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);

  const choice = await screen.findByLabelText('Start from a press release');
  expect(
    within(choice)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['First Pilot Funded (2025-03-01)', 'Scorecard Launched (2024-02-19)']);
  await user.type(screen.getByLabelText('Subject'), 'Half written');
  await user.selectOptions(screen.getByLabelText('List'), 'showcase');
  await user.selectOptions(choice, 'launched');
  await user.click(screen.getByRole('button', { name: 'Start a draft from it' }));
  // Without a message it cannot be kept as a draft: nothing starts, nothing is lost.
  expect(await screen.findByRole('alert')).toHaveTextContent(/needs a subject and a message/);
  expect(screen.getByLabelText('Subject')).toHaveValue('Half written');
  expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

  await user.type(screen.getByLabelText(/^Message/), 'More soon.');
  await user.click(screen.getByRole('button', { name: 'Start a draft from it' }));

  expect(
    await screen.findByText(/A draft from the press release “Scorecard Launched” is open in the form/),
  ).toBeVisible();
  expect(screen.getByText(/What you had written was saved as a draft/)).toBeVisible();
  expect(screen.getByLabelText('Subject')).toHaveValue('Scorecard Launched');
  expect(screen.getByLabelText(/^Message/)).toHaveValue(fromRelease.body);
  expect(screen.getByRole('heading', { name: 'Change the draft' })).toBeVisible();
  const changes = calls.filter((call) => call.method === 'POST');
  expect(changes.map((call) => [call.url.replace(/^.*\/api\/team/, ''), call.body])).toEqual([
    ['/updates', { subject: 'Half written', body: 'More soon.', list: 'showcase' }],
    ['/update-releases', { slug: 'launched', list: 'showcase' }],
  ]);
  expect(changes.every((call) => call.headers['X-CSRF-Token'] === SESSION.csrfToken)).toBe(true);
});

test('says, as a status line, when the site’s hourly ceiling of confirmation emails is reached, and not before', async () => {
  // What the API's next answer reports: nothing at first.
  const api: { paused?: unknown } = {};
  fakeApi({
    'GET /api/team/updates': () => ({
      status: 200,
      body: { updates: [view('sent')], confirmationsPaused: api.paused },
    }),
    'GET /api/team/subscribers': () => ({ status: 200, body: { counts: [], suppressed: 0, rows: [] } }),
    'GET /api/team/update-releases': () => ({ status: 200, body: { releases: [] } }),
  });
  const { unmount } = render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);
  // The list's answer has arrived (its update is shown) and carried no pause.
  await screen.findByText('The 2027 Scorecard');
  expect(screen.queryByText(/Confirmation emails are paused/)).toBeNull();
  unmount();

  api.paused = { ceiling: 100, until: '2026-11-27T21:00:00.000Z' };
  render(<UpdatesPage session={SESSION} onSignedOut={jest.fn()} />);
  const line = await screen.findByText(/Confirmation emails are paused/);
  expect(line).toHaveAttribute('role', 'status');
  expect(line).toHaveTextContent(/ceiling of 100 this hour/);
  expect(line).toHaveTextContent(/Forms are still stored/);
});
