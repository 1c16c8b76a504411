import type { ConsortiumPresentation, InnovatorPresentation } from '../src/content/presentation-types';

/** An innovator entry of spec §3's shape; tests override what they are about. */
export function innovator(
  overrides: Partial<InnovatorPresentation> & Pick<InnovatorPresentation, 'orgName'>,
): InnovatorPresentation {
  return {
    presenterName: `Presenter of ${overrides.orgName}`,
    presenterRole: 'Founder',
    presenterPhoto: '',
    orgLogo: 'media/logos/test.svg',
    orgDescription: `${overrides.orgName} makes wildfire safer.`,
    location: 'Chico, California',
    linkedin: 'https://www.linkedin.com/company/test',
    linkedinPersonal: 'https://www.linkedin.com/in/test',
    youtube: { id: 'abcdefghijk', start: 60, end: 120 },
    video: '',
    videoPreview: 'media/previews/test.svg',
    slides: '',
    category: 'Detection',
    showcaseDate: '07162025',
    ...overrides,
  };
}

export function consortium(overrides: Partial<ConsortiumPresentation> = {}): ConsortiumPresentation {
  return {
    orgName1: 'Wildfire Prevention Consortium',
    orgLogo1: 'media/logos/a.svg',
    presenterName1: 'Ada One',
    presenterRole1: 'Director',
    presenterPhoto1: '',
    location1: 'Oakland, California',
    linkedinPersonal1: 'https://www.linkedin.com/in/ada',
    linkedin1: 'https://www.linkedin.com/company/wpc',
    orgName2: 'Partner Community',
    orgLogo2: 'media/logos/b.svg',
    presenterName2: 'Ben Two',
    presenterRole2: 'Lead',
    presenterPhoto2: 'media/photos/ben.jpg',
    location2: 'Denver, Colorado',
    linkedinPersonal2: 'https://www.linkedin.com/in/ben',
    linkedin2: 'https://www.linkedin.com/company/partner',
    orgDescription: 'One description for both organisations.',
    youtube: { id: 'consortium1', start: 130, end: 705 },
    video: '',
    videoPreview: 'media/previews/c.svg',
    slides: 'slides/consortium.pdf',
    category: 'Consortium update',
    showcaseDate: '07162025',
    ...overrides,
  };
}
