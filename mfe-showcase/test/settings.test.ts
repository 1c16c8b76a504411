import { formatDay, formatMoment, formatShowcaseDate, formatTime, showcaseDateTime } from '../src/format/dates';
import { isAcceptingApplications, isPreEvent, SHOWCASE_SETTINGS } from '../src/settings/showcase-settings';

// Spec §9: showcase 16 July 2025, 12 pm PST; application deadline 7 July 2025, 5 pm PST.
const settings = SHOWCASE_SETTINGS;

describe('the settings module', () => {
  it('holds the dates of spec §9, shown in PST', () => {
    const { timeZone, timeZoneLabel } = settings;
    expect(formatMoment(settings.nextEventStartsAt, timeZone, timeZoneLabel)).toBe(
      'Wednesday, July 16, 2025 at 12PM PST',
    );
    expect(formatMoment(settings.applicationDeadline, timeZone, timeZoneLabel)).toBe('Monday, July 7, 2025 at 5PM PST');
  });

  it('names the three external links', () => {
    for (const link of Object.values(settings.links)) expect(new URL(link).protocol).toBe('https:');
    expect(Object.keys(settings.links).sort()).toEqual(['eventCommunity', 'presenterApplication', 'venturePartner']);
  });
});

describe('the pre-event flag (spec §4: true while today is before 16 July 2025)', () => {
  it.each([
    ['2025-07-01T09:00:00-07:00', true],
    ['2025-07-15T23:59:00-07:00', true],
    ['2025-07-16T11:59:00-07:00', true],
    ['2025-07-16T12:00:00-07:00', false],
    ['2025-07-17T08:00:00-07:00', false],
    ['2026-11-22T08:00:00Z', false],
  ])('at %s it is %p', (now, expected) => {
    expect(isPreEvent(settings, new Date(now))).toBe(expected);
  });
});

describe('applications', () => {
  it('are accepted until 7 July 2025, 5 pm Pacific time', () => {
    expect(isAcceptingApplications(settings, new Date('2025-07-07T16:59:00-07:00'))).toBe(true);
    expect(isAcceptingApplications(settings, new Date('2025-07-07T17:00:00-07:00'))).toBe(false);
  });
});

describe('date formatting', () => {
  it('names the zone, so the server and a browser anywhere print the same text', () => {
    const instant = '2025-07-16T19:00:00Z';
    expect(formatDay(instant, 'America/Los_Angeles')).toBe('Wednesday, July 16, 2025');
    expect(formatTime(instant, 'America/Los_Angeles', 'PST')).toBe('12PM PST');
    expect(formatTime('2025-07-16T19:30:00Z', 'America/Los_Angeles', 'PST')).toBe('12:30PM PST');
    // Late evening in California is already the next day in UTC.
    expect(formatDay('2025-07-08T05:00:00Z', 'America/Los_Angeles')).toBe('Monday, July 7, 2025');
  });

  it('reads the MMDDYYYY showcase dates of spec §3', () => {
    expect(formatShowcaseDate('11172024')).toBe('November 17, 2024');
    expect(formatShowcaseDate('02052025', 'short')).toBe('Feb 5, 2025');
    expect(formatShowcaseDate('04232025')).toBe('April 23, 2025');
    expect(formatShowcaseDate('07162025')).toBe('July 16, 2025');
  });

  it.each(['2024-11-17', '1117202', '13012025', '02302025', ''])('rejects %p as a showcase date', (value) => {
    expect(() => showcaseDateTime(value)).toThrow();
  });
});
