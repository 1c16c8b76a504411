import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHOWCASE_EVENTS } from '../src/content/events';
import { CONSORTIUM, VENTURE_COMMUNITY } from '../src/content/hosts';
import { ORGANIZERS } from '../src/content/organizers';
import { CONSORTIUM_PRESENTATIONS, INNOVATOR_PRESENTATIONS } from '../src/content/presentations';
import {
  innovatorsShownOn,
  type ConsortiumPresentation,
  type InnovatorPresentation,
} from '../src/content/presentation-types';

const publicDir = path.join(__dirname, '../public');
const fileExists = (file: string) => existsSync(path.join(publicDir, file));

// Spec §3: the four showcases.
const SPEC_DATES = ['11172024', '02052025', '04232025', '07162025'];

const entries: readonly (ConsortiumPresentation | InnovatorPresentation)[] = [
  ...CONSORTIUM_PRESENTATIONS,
  ...INNOVATOR_PRESENTATIONS,
];
const label = (entry: ConsortiumPresentation | InnovatorPresentation) =>
  `${'orgName' in entry ? entry.orgName : entry.orgName1} (${entry.showcaseDate})`;

describe('showcase events', () => {
  it('are the four of spec §3', () => {
    expect(SHOWCASE_EVENTS.map((event) => event.date)).toEqual(SPEC_DATES);
  });

  it.each(SHOWCASE_EVENTS.map((event) => [event.date, event] as const))(
    '%s has a name, a full video and its preview',
    (_date, event) => {
      expect(event.showcaseHeaderName.trim()).not.toBe('');
      expect(event.fullVideo).toMatch(/^[\w-]{11}$/);
      expect(fileExists(event.videoPreview)).toBe(true);
    },
  );
});

describe.each(entries.map((entry) => [label(entry), entry] as const))('presentation %s', (_name, entry) => {
  it('names a showcase that took place', () => {
    expect(SPEC_DATES).toContain(entry.showcaseDate);
  });

  it('has a clip that starts before it ends, or no clip at all', () => {
    if (entry.youtube === null) return;
    expect(entry.youtube.id).toMatch(/^[\w-]{11}$/);
    expect(entry.youtube.start).toBeGreaterThanOrEqual(0);
    expect(entry.youtube.start).toBeLessThan(entry.youtube.end ?? -1);
  });

  it('names only files the remote ships', () => {
    const files =
      'orgName' in entry
        ? [entry.orgLogo, entry.presenterPhoto]
        : [entry.orgLogo1, entry.orgLogo2, entry.presenterPhoto1, entry.presenterPhoto2];
    for (const file of [...files, entry.videoPreview, entry.slides, entry.video].filter(Boolean)) {
      expect(`${file}: ${fileExists(file) ? 'present' : 'missing'}`).toBe(`${file}: present`);
    }
  });

  it('has slides that are PDF files under slides/', () => {
    if (!entry.slides) return;
    expect(entry.slides).toMatch(/^slides\/[\w-]+\.pdf$/);
    expect(readFileSync(path.join(publicDir, entry.slides)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('links to professional-network pages over https', () => {
    const links =
      'orgName' in entry
        ? [entry.linkedin, entry.linkedinPersonal]
        : [entry.linkedin1, entry.linkedin2, entry.linkedinPersonal1, entry.linkedinPersonal2];
    for (const link of links) expect(new URL(link).hostname).toBe('www.linkedin.com');
  });

  it('has a description and a category', () => {
    expect(entry.orgDescription.trim()).not.toBe('');
    expect(entry.category.trim()).not.toBe('');
  });
});

describe('the archive as a whole', () => {
  it('has one consortium entry per showcase', () => {
    expect(CONSORTIUM_PRESENTATIONS.map((entry) => entry.showcaseDate).sort()).toEqual([...SPEC_DATES].sort());
  });

  it.each(SPEC_DATES)('shows at least three innovators on %s', (date) => {
    expect(
      innovatorsShownOn(INNOVATOR_PRESENTATIONS, date as (typeof SHOWCASE_EVENTS)[number]['date']).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('holds every case the pages handle: hidden, unflagged, without slides, without a clip', () => {
    expect(INNOVATOR_PRESENTATIONS.some((entry) => entry.display === false)).toBe(true);
    expect(INNOVATOR_PRESENTATIONS.some((entry) => entry.display === undefined)).toBe(true);
    expect(INNOVATOR_PRESENTATIONS.some((entry) => entry.slides === '')).toBe(true);
    expect(INNOVATOR_PRESENTATIONS.filter((entry) => entry.youtube === null).length).toBeGreaterThanOrEqual(2);
  });

  it('ships no slides that no entry names', () => {
    const named = new Set(entries.map((entry) => entry.slides).filter(Boolean));
    const shipped = readdirSync(path.join(publicDir, 'slides')).map((file) => `slides/${file}`);
    expect(shipped.filter((file) => !named.has(file))).toEqual([]);
  });
});

describe('hosts and organisers', () => {
  it('have logos the remote ships', () => {
    for (const file of [CONSORTIUM.logo, VENTURE_COMMUNITY.logo, ...ORGANIZERS.map((organizer) => organizer.logo)]) {
      expect(fileExists(file)).toBe(true);
    }
  });

  it('are two organisers (spec §3)', () => {
    expect(ORGANIZERS).toHaveLength(2);
  });
});

describe('hero media', () => {
  it.each([
    'media/hero/innovations-hero.svg',
    'media/hero/presentations-poster.svg',
    'media/hero/presentations-loop.webm',
    'media/hero/presentations-loop.mp4',
  ])('%s is shipped', (file) => {
    expect(fileExists(file)).toBe(true);
  });
});
