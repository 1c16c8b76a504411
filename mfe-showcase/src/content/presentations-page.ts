/** Copy of /showcase/presentations. Quoted strings are the spec's; the rest is ours to edit. */
import { CONSORTIUM, VENTURE_COMMUNITY } from './hosts';

export const PRESENTATIONS_COPY = {
  hero: {
    title: 'WILDFIRE INNOVATION SHOWCASE',
    tagline: `Hosted by the ${CONSORTIUM.name} and the ${VENTURE_COMMUNITY.name}, a venture networking community.`,
    free: 'Free to attend. Free to present.',
    apply: 'Apply to Present',
    register: 'Register',
    notify: 'Notify Me',
  },
  info: [
    {
      title: 'The showcase',
      body:
        'A virtual stage for ventures working on wildfire prevention, detection, response and recovery. Each showcase ' +
        'features 7 to 10 ventures, chosen with our innovation curation partners, and an audience of impact investors, ' +
        'agencies, utilities, insurers and communities ready to pilot what works.',
    },
    {
      title: 'The consortium',
      body:
        'The Wildfire Prevention Consortium is a non-profit that unites communities, governments, companies and experts ' +
        'to prevent catastrophic wildfires. We created the Community Wildfire Resilience Scorecard and bring the ' +
        'communities that use it together with the innovators who can help them.',
    },
    {
      title: 'The venture community',
      body:
        `The ${VENTURE_COMMUNITY.name} is a networking community of founders, investors and mentors working on climate ` +
        'resilience. It runs the showcase’s registration and introduces presenters to investors after every event.',
    },
  ],
  archive: {
    title: 'Previous Innovation Showcases',
    tablistLabel: 'Past showcases',
    intro: 'Choose a showcase to watch the full recording and meet the people who presented.',
    fullVideoSuffix: 'full recording',
    innovatorsTitle: 'Innovators',
    noInnovators: 'The innovator presentations from this showcase will be published soon.',
    slides: 'View Presentation Slides',
  },
} as const;
