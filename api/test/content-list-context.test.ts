import { defineAreaModel, defineContentType, field, modelToJson } from '@wpc/shared/content-model';
import { entryContexts, type ContextSource } from '../src/content/entry-context';
import { titledType } from '../../test-support/content-types';

// Issue 38 item 9: the showcase area listed four sessions titled "Wildfire Prevention Consortium"
// with nothing telling them apart. Each entry of the list now says which entry it belongs to (a
// session's showcase) and its day: its own date, or its showcase's.

const showcase = titledType('Showcase', 'Showcases', {
  title: field.text({ label: 'Name' }),
  date: field.date({ label: 'Day' }),
});
const session = titledType('Session', 'Sessions', {
  showcase: field.reference({ label: 'Showcase', to: 'showcase' }),
  title: field.text({ label: 'Title' }),
  startsAt: field.dateTime({ label: 'Starts at', optional: true }),
});
const person = defineContentType({
  label: 'Person',
  plural: 'People',
  titleField: 'name',
  slugFrom: 'name',
  fields: { name: field.text({ label: 'Name' }) },
});
const MODEL = modelToJson(
  defineAreaModel({
    area: 'showcase',
    types: { showcase, session, person },
    seedDate: '2026-11-22T00:00:00.000Z',
    seed: [],
  }),
);

const CONSORTIUM = 'Wildfire Prevention Consortium';
const entry = (id: string, type: string, data: Record<string, unknown>): ContextSource => ({
  id,
  type,
  slug: id,
  data,
});
const titleOf = (source: ContextSource) => String(source.data.title ?? source.data.name);

const contextsOf = (entries: ContextSource[]) => Object.fromEntries(entryContexts(MODEL, entries, titleOf));

describe('the context of an entry in the editor’s list', () => {
  it('tells sessions of one title apart by their showcase and its day', () => {
    const contexts = contextsOf([
      entry('fall', 'showcase', { title: 'Fall 2024 Wildfire Innovation Showcase', date: '2024-11-17' }),
      entry('summer', 'showcase', { title: 'Summer 2025 Wildfire Innovation Showcase', date: '2025-07-16' }),
      entry('update-fall', 'session', { showcase: 'fall', title: CONSORTIUM }),
      entry('update-summer', 'session', { showcase: 'summer', title: CONSORTIUM }),
    ]);
    expect(contexts['update-fall']).toEqual({ of: 'Fall 2024 Wildfire Innovation Showcase', day: '2024-11-17' });
    expect(contexts['update-summer']).toEqual({ of: 'Summer 2025 Wildfire Innovation Showcase', day: '2025-07-16' });
    expect(contexts.summer).toEqual({ day: '2025-07-16' });
  });

  it('takes a session’s own start as its day, on the calendar of the zone it is held in', () => {
    const contexts = contextsOf([
      entry('summer', 'showcase', { title: 'Summer 2025 Wildfire Innovation Showcase', date: '2025-07-16' }),
      // 20:30 on 16 July in California is already 17 July in UTC.
      entry('evening', 'session', {
        showcase: 'summer',
        title: CONSORTIUM,
        startsAt: { at: '2025-07-17T03:30:00.000Z', timeZone: 'America/Los_Angeles' },
      }),
      entry('next-day', 'session', {
        showcase: 'summer',
        title: CONSORTIUM,
        startsAt: { at: '2025-07-17T16:00:00.000Z', timeZone: 'America/Los_Angeles' },
      }),
    ]);
    expect(contexts.evening).toEqual({ of: 'Summer 2025 Wildfire Innovation Showcase', day: '2025-07-16' });
    expect(contexts['next-day']).toEqual({ of: 'Summer 2025 Wildfire Innovation Showcase', day: '2025-07-17' });
  });

  it('says nothing it does not know: no reference found, no date, no context', () => {
    const contexts = contextsOf([
      entry('orphan', 'session', { showcase: 'gone', title: CONSORTIUM }),
      entry('half-typed', 'session', { title: CONSORTIUM }),
      entry('ana', 'person', { name: 'Ana Ruiz' }),
    ]);
    expect(contexts).toEqual({});
  });
});
