import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentModelJson } from '@wpc/shared/content-model';
import type { EditorEntry, EditorVersion } from '@wpc/shared/team/content-schemas';
import ContentEditor from '../src/team/content/ContentEditor';
import { at, fakeApi, resetAfterEach, type Call } from './helpers/fake-api';

jest.mock('single-spa', () => jest.requireActual('./helpers/single-spa'));

jest.setTimeout(20_000);

// Issue 28, the editor in /team: its form comes from the area's declaration, refused fields are
// shown at their inputs, a save on a stale version shows both versions, and what is typed is kept
// in the browser until the API has it.

const SESSION = {
  signedIn: true as const,
  email: 'partner@showcase.test',
  csrfToken: 'csrf',
  admin: false,
  roles: ['content:showcase' as const],
  freshUntil: '2026-11-26T09:15:00.000Z',
};

const MODEL: ContentModelJson = {
  format: 1,
  area: 'showcase',
  types: [
    {
      name: 'session',
      label: 'Session',
      plural: 'Sessions',
      titleField: 'title',
      slugFrom: 'title',
      fields: [
        { name: 'title', kind: 'text', label: 'Title' },
        { name: 'description', kind: 'markdown', label: 'Description', help: 'Markdown.' },
        {
          name: 'presenters',
          kind: 'list',
          label: 'Presenters',
          itemLabel: 'Presenter',
          of: [
            { name: 'name', kind: 'text', label: 'Name' },
            { name: 'role', kind: 'text', label: 'Role' },
          ],
        },
        { name: 'startsAt', kind: 'dateTime', label: 'Starts', optional: true },
        { name: 'followUp', kind: 'reference', label: 'Follow-up session', to: 'session', optional: true },
      ],
    },
  ],
};

const entry = (version: number, data: Record<string, unknown>, by = SESSION.email): EditorEntry => ({
  area: 'showcase',
  id: 'fuel-breaks',
  type: 'session',
  version,
  status: 'published',
  draft: { slug: 'fuel-breaks', data },
  published: { slug: 'fuel-breaks', data, publishedAt: '2025-07-16T19:00:00.000Z', version: 1 },
  scheduled: null,
  updatedAt: '2026-11-26T09:00:00.000Z',
  updatedBy: by,
  issues: [],
});

const DATA = { title: 'Fuel breaks', description: 'Intro.', presenters: [{ name: 'Ana Ruiz', role: 'Founder' }] };
const VERSIONS: EditorVersion[] = [
  { version: 2, action: 'save', at: '2026-11-26T09:00:00.000Z', by: SESSION.email, slug: 'fuel-breaks', data: DATA },
  {
    version: 1,
    action: 'seed',
    at: '2026-11-20T09:00:00.000Z',
    by: 'seed',
    slug: 'fuel-breaks',
    data: { ...DATA, title: 'Fuel breaks that work' },
  },
];

const BASE = '/api/team/content';

/**
 * The last change the editor sent: its Markdown previews post too (`.../markdown`) and may answer
 * after the change a test made, so they are left out.
 */
const lastChange = (calls: readonly Call[]) =>
  calls.filter((call) => call.method === 'POST' && !call.path.endsWith('/markdown')).at(-1);
/** The API's answer to the showcase area's list: its model, these entries and these references. */
const areaAnswer = (entries: readonly unknown[], references: Record<string, unknown>) => ({
  status: 200,
  body: { area: 'showcase', model: MODEL, entries, references },
});
/** The API's answer to a save: the entry at `version` holding what was sent. */
const savedAt = (version: number) => (call: Call) => ({
  status: 200,
  body: { entry: entry(version, call.body!.data as Record<string, unknown>) },
});
const common = {
  [`GET ${BASE}`]: () => ({ status: 200, body: { areas: ['showcase'] } }),
  [`GET ${BASE}/showcase`]: () =>
    areaAnswer(
      [
        {
          id: 'fuel-breaks',
          type: 'session',
          slug: 'fuel-breaks',
          title: 'Fuel breaks',
          status: 'published',
          version: 2,
          updatedAt: '2026-11-26T09:00:00.000Z',
          updatedBy: SESSION.email,
        },
        {
          id: 'ember-watch',
          type: 'session',
          slug: 'ember-watch',
          title: 'Ember watch',
          status: 'draft',
          version: 1,
          updatedAt: '2026-11-26T09:00:00.000Z',
          updatedBy: SESSION.email,
        },
      ],
      // Published sessions only: the draft "Ember watch" is not one to name.
      {
        'showcase/session': [
          { id: 'fuel-breaks', title: 'Fuel breaks' },
          { id: 'wui-codes', title: 'WUI codes' },
        ],
      },
    ),
  [`GET ${BASE}/showcase/entries/fuel-breaks`]: () => ({
    status: 200,
    body: { entry: entry(2, DATA), versions: VERSIONS },
  }),
  [`POST ${BASE}/showcase/markdown`]: () => ({ status: 200, body: { html: '<p>Intro.</p>' } }),
};

resetAfterEach();

describe('the content editor', () => {
  it('lists the area’s entries and finds them by search', async () => {
    at('/team/content/showcase');
    fakeApi(common);
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    expect(await screen.findByRole('link', { name: 'Fuel breaks' })).toHaveAttribute(
      'href',
      '/team/content/showcase/fuel-breaks',
    );
    expect(screen.getByRole('link', { name: 'Ember watch' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search titles and slugs'), 'ember');
    expect(screen.queryByRole('link', { name: 'Fuel breaks' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 entries')).toBeInTheDocument();
  });

  it('shows each entry’s showcase and day, so sessions of one title are told apart', async () => {
    at('/team/content/showcase');
    const session = (id: string, context: object) => ({
      id,
      type: 'session',
      slug: id,
      title: 'Wildfire Prevention Consortium',
      status: 'published',
      version: 1,
      updatedAt: '2026-11-22T00:00:00.000Z',
      updatedBy: 'seed',
      context,
    });
    fakeApi({
      ...common,
      [`GET ${BASE}/showcase`]: () =>
        areaAnswer(
          [
            session('fall', { of: 'Fall 2024 Wildfire Innovation Showcase', day: '2024-11-17' }),
            session('summer', { of: 'Summer 2025 Wildfire Innovation Showcase', day: '2025-07-16' }),
          ],
          {},
        ),
    });
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const links = await screen.findAllByRole('link', { name: 'Wildfire Prevention Consortium' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/team/content/showcase/fall',
      '/team/content/showcase/summer',
    ]);
    const [fall, summer] = links.map((link) => link.closest('tr'));
    expect(fall).toHaveTextContent('Fall 2024 Wildfire Innovation Showcase · Nov 17, 2024');
    expect(summer).toHaveTextContent('Summer 2025 Wildfire Innovation Showcase · Jul 16, 2025');
  });

  it('lets a new entry’s slug follow its title until the slug is edited; a published one’s stays', async () => {
    at('/team/content/showcase/new-session');
    const fresh: EditorEntry = {
      ...entry(1, {}),
      id: 'new-session',
      status: 'draft',
      draft: { slug: '', data: {} },
      published: null,
    };
    const created: EditorVersion = {
      version: 1,
      action: 'create',
      at: fresh.updatedAt,
      by: SESSION.email,
      slug: '',
      data: {},
    };
    fakeApi({
      ...common,
      [`GET ${BASE}/showcase/entries/new-session`]: () => ({
        status: 200,
        body: { entry: fresh, versions: [created] },
      }),
    });
    const user = userEvent.setup();
    const { unmount } = render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await user.type(title, 'Ember Watch 2026');
    expect(slug).toHaveValue('ember-watch-2026');
    await user.clear(slug);
    await user.type(slug, 'ember-watch');
    await user.type(title, ' spring');
    expect(title).toHaveValue('Ember Watch 2026 spring');
    expect(slug).toHaveValue('ember-watch');
    unmount();
    window.localStorage.clear();

    at('/team/content/showcase/fuel-breaks');
    fakeApi(common);
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const published = await screen.findByRole('textbox', { name: 'Title' });
    await user.type(published, ' that work');
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('fuel-breaks');
  });

  it('generates the form from the declaration and shows the fields the API refuses at their inputs', async () => {
    at('/team/content/showcase/fuel-breaks');
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks`]: savedAt(3),
      [`POST ${BASE}/showcase/entries/fuel-breaks/publish`]: () => ({
        status: 400,
        body: { error: 'The entry cannot be published yet.', fields: { 'presenters.0.name': 'Enter name.' } },
      }),
    });
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Fuel breaks');
    expect(screen.getByLabelText('Description')).toHaveValue('Intro.');
    const presenters = screen.getByRole('group', { name: 'Presenters' });
    const name = within(presenters).getByLabelText('Name');
    expect(name).toHaveValue('Ana Ruiz');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    // The draft is saved first (on the version opened), then published on the version saved.
    const save = calls.find((call) => call.method === 'POST' && call.path.endsWith('/entries/fuel-breaks'));
    expect(save?.body).toMatchObject({ version: 2, data: { presenters: [{ role: 'Founder' }] } });
    expect(lastChange(calls)).toMatchObject({
      path: `${BASE}/showcase/entries/fuel-breaks/publish`,
      body: { version: 3 },
    });
    expect(await screen.findByText('Enter name.')).toBeInTheDocument();
    expect(within(presenters).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // The summary links to the input.
    expect(screen.getByRole('link', { name: 'presenters.0.name' })).toHaveAttribute(
      'href',
      `#${within(presenters).getByLabelText('Name').id}`,
    );
    // History: who, when, what changed, and a restore of the older version.
    expect(screen.getByText(/changed: Title/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore version 1' })).toBeInTheDocument();
  });

  it('on a conflict shows both versions and saves mine over theirs only when asked; what is typed stays in the browser', async () => {
    at('/team/content/showcase/fuel-breaks');
    const theirs = entry(3, { ...DATA, title: 'Fuel breaks (their edit)' }, 'lead@consortium.test');
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks`]: (call) =>
        call.body!.version === 2
          ? { status: 409, body: { error: 'Someone else changed this entry since you opened it.', current: theirs } }
          : savedAt(4)(call),
    });
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Fuel breaks (my edit)');
    const kept = JSON.parse(window.localStorage.getItem('wpc:content-draft:showcase/fuel-breaks')!);
    expect(kept).toMatchObject({ baseVersion: 2, data: { title: 'Fuel breaks (my edit)' } });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const panel = await screen.findByRole('region', { name: 'Two versions of this entry' });
    const row = within(panel).getByRole('row', { name: /Title/ });
    expect(row).toHaveTextContent('Fuel breaks (their edit)');
    expect(row).toHaveTextContent('Fuel breaks (my edit)');
    // Still kept: nothing is lost while the editor chooses.
    expect(window.localStorage.getItem('wpc:content-draft:showcase/fuel-breaks')).toContain('my edit');
    await user.click(within(panel).getByRole('button', { name: 'Keep my version' }));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
    });
    // The save's own call: the Markdown preview posts too, and may answer after it.
    const saves = calls.filter(
      (call) => call.method === 'POST' && call.path === `${BASE}/showcase/entries/fuel-breaks`,
    );
    expect(saves.at(-1)).toMatchObject({ body: { version: 3, data: { title: 'Fuel breaks (my edit)' } } });
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(window.localStorage.getItem('wpc:content-draft:showcase/fuel-breaks')).toBeNull();
  });

  it('goes on with Preview pressed while the draft saves itself: it waits for that save, sends what was typed since, then previews', async () => {
    at('/team/content/showcase/fuel-breaks');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks`]: async (call) => {
        const version = call.body!.version as number;
        // The autosave (on version 2) is held open until the test has pressed Preview.
        if (version === 2) await held;
        return { status: 200, body: { entry: entry(version + 1, call.body!.data as Record<string, unknown>) } };
      },
      [`POST ${BASE}/showcase/entries/fuel-breaks/preview`]: () => ({
        status: 200,
        body: { path: '/preview/showcase/fuel-breaks?token=t' },
      }),
    });
    const saves = () =>
      calls.filter((call) => call.method === 'POST' && call.path === `${BASE}/showcase/entries/fuel-breaks`);
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const title = await screen.findByLabelText('Title');
    await user.type(title, ' today');
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 6000 });
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await act(async () => release());
    expect(await screen.findByRole('link', { name: 'Open the preview of this draft (new tab)' })).toHaveAttribute(
      'href',
      '/preview/showcase/fuel-breaks?token=t',
    );
    // The text typed during the autosave is saved on the version the autosave made, before the preview.
    expect(saves().map((call) => call.body)).toMatchObject([
      { version: 2, data: { title: 'Fuel breaks today' } },
      { version: 3, data: { title: 'Fuel breaks today!' } },
    ]);
    const order = calls.filter((call) => call.method === 'POST' && !call.path.endsWith('/markdown'));
    expect(order.at(-1)!.path).toBe(`${BASE}/showcase/entries/fuel-breaks/preview`);
  });

  it('takes a reference from a select of published entries, and a date and time as a wall time in a chosen zone', async () => {
    at('/team/content/showcase/fuel-breaks');
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks`]: savedAt(3),
    });
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const followUp = await screen.findByRole('combobox', { name: 'Follow-up session (optional)' });
    expect(
      within(followUp)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['(none)', 'Fuel breaks', 'WUI codes']);
    await user.selectOptions(followUp, 'WUI codes');
    const starts = screen.getByRole('group', { name: 'Starts (optional)' });
    fireEvent.change(within(starts).getByLabelText('Date and time (in the time zone below)'), {
      target: { value: '2026-07-16T12:00' },
    });
    await user.selectOptions(within(starts).getByLabelText('Time zone'), 'America/Los_Angeles');
    expect(within(starts).getByText('Saved as 2026-07-16T12:00:00-07:00.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(lastChange(calls)?.body).toMatchObject({
      data: {
        followUp: 'wui-codes',
        startsAt: { at: '2026-07-16T12:00:00-07:00', timeZone: 'America/Los_Angeles' },
      },
    });
    // The schedule's time is read in this browser's zone, which the label names.
    expect(
      screen.getByLabelText(`Date and time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`),
    ).toHaveAttribute('type', 'datetime-local');
  });

  it('cancels a schedule with its own action, apart from Unpublish', async () => {
    at('/team/content/showcase/fuel-breaks');
    const scheduled: EditorEntry = {
      ...entry(3, DATA),
      status: 'scheduled',
      scheduled: { at: '2026-12-01T17:00:00.000Z', version: 4, by: SESSION.email },
    };
    const calls = fakeApi({
      ...common,
      [`GET ${BASE}/showcase/entries/fuel-breaks`]: () => ({
        status: 200,
        body: { entry: scheduled, versions: VERSIONS },
      }),
      [`POST ${BASE}/showcase/entries/fuel-breaks/unschedule`]: () => ({
        status: 200,
        body: { entry: { ...scheduled, version: 4, status: 'published', scheduled: null } },
      }),
    });
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel schedule' }));
    expect(lastChange(calls)).toMatchObject({
      path: `${BASE}/showcase/entries/fuel-breaks/unschedule`,
      body: { version: 3 },
    });
    expect(
      await screen.findByText('Schedule cancelled. The site keeps showing the published version.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  // Issue 38 item 3.
  it('asks before unpublishing an entry others name, listing them, in a dialog that keeps focus and closes on Escape', async () => {
    at('/team/content/showcase/fuel-breaks');
    const referencedBy = [
      { area: 'map', type: 'organisation', id: 'embers-inc', title: 'Embers Inc' },
      { area: 'scorecard', type: 'pressRelease', id: 'release-1', title: 'Scorecard launched' },
    ];
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks/unpublish`]: (call) =>
        call.body?.confirm === true
          ? { status: 200, body: { entry: { ...entry(3, DATA), status: 'draft', published: null } } }
          : { status: 409, body: { error: 'Other published entries name this one.', referencedBy } },
    });
    const user = userEvent.setup();
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    const unpublish = await screen.findByRole('button', { name: 'Unpublish' });
    await user.click(unpublish);
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish an entry others name?' });
    expect(within(dialog).getByRole('link', { name: 'Embers Inc' })).toHaveAttribute(
      'href',
      '/team/content/map/embers-inc',
    );
    expect(within(dialog).getByRole('link', { name: 'Scorecard launched' })).toBeInTheDocument();
    const actions = () => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/unpublish'));
    expect(actions().map((call) => call.body)).toEqual([{ version: 2 }]);

    // Focus stays in the dialog: Tab from its last control comes back to its first, Shift+Tab the other way.
    const focusable = within(dialog).getAllByRole('button').concat(within(dialog).getAllByRole('link'));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let step = 0; step < focusable.length + 2; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let step = 0; step < focusable.length + 2; step += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    // Escape keeps the entry published and sends nothing more.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actions()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unpublish anyway' }));
    expect(lastChange(calls)).toMatchObject({
      path: `${BASE}/showcase/entries/fuel-breaks/unpublish`,
      body: { version: 2, confirm: true },
    });
    expect(
      await screen.findByText('Unpublished. The site no longer shows it within a few seconds.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('brings back a draft kept in the browser when the session ended mid-edit, and saves it', async () => {
    at('/team/content/showcase/fuel-breaks');
    window.localStorage.setItem(
      'wpc:content-draft:showcase/fuel-breaks',
      JSON.stringify({
        baseVersion: 2,
        slug: 'fuel-breaks',
        data: { ...DATA, title: 'Typed before sign-in' },
        keptAt: '2026-11-26T09:05:00.000Z',
      }),
    );
    const calls = fakeApi({
      ...common,
      [`POST ${BASE}/showcase/entries/fuel-breaks`]: savedAt(3),
    });
    render(<ContentEditor session={SESSION} onSignedOut={jest.fn()} />);
    expect(await screen.findByLabelText('Title')).toHaveValue('Typed before sign-in');
    expect(screen.getByText(/Your unsaved changes of .* are back/)).toBeInTheDocument();
    await screen.findByText('All changes saved', {}, { timeout: 6000 });
    expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/fuel-breaks'))?.body).toMatchObject({
      version: 2,
      data: { title: 'Typed before sign-in' },
    });
  });
});
