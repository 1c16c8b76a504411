/**
 * The showcase archive. Every innovator, organisation, person, clip and address below is
 * SAMPLE CONTENT for the team to replace with the real archive (listed in the README).
 * Clips are written as the editors note them, h:m:s into the event's full recording.
 */
import { clipFromTimes } from '@wpc/shared/ui';
import { CONSORTIUM, VENTURE_COMMUNITY } from './hosts';
import { findEvent, type ShowcaseDate } from './events';
import type { ConsortiumPresentation, InnovatorPresentation } from './presentation-types';

/** A clip cut from the full recording of the showcase it was presented at. */
const clipOf = (date: ShowcaseDate, start: string, end: string) => clipFromTimes(findEvent(date).fullVideo, start, end);

const CONSORTIUM_DESCRIPTION =
  'The Wildfire Prevention Consortium brings communities, governments, insurers, researchers and companies together ' +
  'to stop catastrophic wildfires before they start. With the Resilience Ventures Collective, a community of founders ' +
  'and investors working on climate resilience, it hosts the Wildfire Innovation Showcase: a free virtual stage where ' +
  'people tackling wildfire with new ideas meet the people who can fund, pilot and scale them. Each showcase opens ' +
  'with an update on the consortium’s work, from the Community Wildfire Resilience Scorecard to the pilots under way.';

const consortiumEntry = (
  showcaseDate: ShowcaseDate,
  clip: readonly [start: string, end: string],
  slides: string,
): ConsortiumPresentation => ({
  orgName1: CONSORTIUM.name,
  orgLogo1: CONSORTIUM.logo,
  presenterName1: 'Elena Marsh',
  presenterRole1: 'Executive Director',
  presenterPhoto1: '',
  location1: 'San Francisco, California',
  linkedinPersonal1: 'https://www.linkedin.com/in/elena-marsh-sample',
  linkedin1: CONSORTIUM.linkedin,
  orgName2: VENTURE_COMMUNITY.name,
  orgLogo2: VENTURE_COMMUNITY.logo,
  presenterName2: 'David Okonkwo',
  presenterRole2: 'Showcase Director',
  presenterPhoto2: '',
  location2: 'Denver, Colorado',
  linkedinPersonal2: 'https://www.linkedin.com/in/david-okonkwo-sample',
  linkedin2: VENTURE_COMMUNITY.linkedin,
  orgDescription: CONSORTIUM_DESCRIPTION,
  youtube: clipOf(showcaseDate, ...clip),
  video: '',
  videoPreview: 'media/previews/consortium-update.svg',
  slides,
  category: 'Consortium update',
  showcaseDate,
});

/** The consortium's opening presentation, one per showcase (spec §3). */
export const CONSORTIUM_PRESENTATIONS: readonly ConsortiumPresentation[] = [
  consortiumEntry('11172024', ['0:02:10', '0:11:45'], 'slides/11172024-consortium-update.pdf'),
  consortiumEntry('02052025', ['0:01:55', '0:10:30'], 'slides/02052025-consortium-update.pdf'),
  consortiumEntry('04232025', ['0:02:30', '0:12:05'], 'slides/04232025-consortium-update.pdf'),
  consortiumEntry('07162025', ['0:02:05', '0:13:20'], 'slides/07162025-consortium-update.pdf'),
];

export const INNOVATOR_PRESENTATIONS: readonly InnovatorPresentation[] = [
  // Fall 2024
  {
    presenterName: 'Priya Raman',
    presenterRole: 'Co-founder and CEO',
    presenterPhoto: '',
    orgName: 'EmberSight Labs',
    orgLogo: 'media/logos/embersight-labs.svg',
    orgDescription:
      'EmberSight turns the cameras already mounted on cell towers and fire lookouts into an early-warning network. ' +
      'Its models spot the first wisp of smoke, estimate where it is, and page the dispatch centre with a map pin, ' +
      'often before the first 911 call. Three counties in the Sierra foothills ran it through the 2024 season.',
    location: 'Sacramento, California',
    linkedin: 'https://www.linkedin.com/company/embersight-labs-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/priya-raman-sample',
    youtube: clipOf('11172024', '0:12:30', '0:21:05'),
    video: '',
    videoPreview: 'media/previews/pitch-ember.svg',
    slides: 'slides/11172024-embersight-labs.pdf',
    category: 'Detection',
    showcaseDate: '11172024',
    display: true,
  },
  {
    presenterName: 'Tomás Herrera',
    presenterRole: 'Founder',
    presenterPhoto: '',
    orgName: 'FuelScape Analytics',
    orgLogo: 'media/logos/fuelscape-analytics.svg',
    orgDescription:
      'FuelScape maps how dry the vegetation is, field by field, every few days, by combining satellite radar with ' +
      'a network of volunteer-read fuel sticks. Fire districts use the maps to decide where thinning crews go first ' +
      'and when a prescribed burn is safe.',
    location: 'Boise, Idaho',
    linkedin: 'https://www.linkedin.com/company/fuelscape-analytics-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/tomas-herrera-sample',
    youtube: clipOf('11172024', '0:21:40', '0:30:15'),
    video: '',
    videoPreview: 'media/previews/pitch-forest.svg',
    slides: '',
    category: 'Risk mapping',
    showcaseDate: '11172024',
  },
  {
    presenterName: 'Dana Whitfield',
    presenterRole: 'Chief Technology Officer',
    presenterPhoto: '',
    orgName: 'HearthGuard Materials',
    orgLogo: 'media/logos/hearthguard-materials.svg',
    orgDescription:
      'HearthGuard makes a clear, non-toxic coating that lets ordinary wood siding and decks shrug off flying embers. ' +
      'It brushes on like a stain, lasts five years, and has passed ember-exposure tests at a university fire lab. ' +
      'The team is looking for a community partner to coat a whole street and measure the difference.',
    location: 'Bend, Oregon',
    linkedin: 'https://www.linkedin.com/company/hearthguard-materials-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/dana-whitfield-sample',
    youtube: null,
    video: '',
    videoPreview: 'media/previews/pitch-dusk.svg',
    slides: 'slides/11172024-hearthguard-materials.pdf',
    category: 'Home hardening',
    showcaseDate: '11172024',
    display: true,
  },
  {
    presenterName: 'Luis Ortega',
    presenterRole: 'Operations Lead',
    presenterPhoto: '',
    orgName: 'Canopy Drone Cooperative',
    orgLogo: 'media/logos/canopy-drone-cooperative.svg',
    orgDescription:
      'A cooperative of licensed drone pilots who fly post-burn and pre-season surveys for small water districts.',
    location: 'Fresno, California',
    linkedin: 'https://www.linkedin.com/company/canopy-drone-cooperative-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/luis-ortega-sample',
    youtube: clipOf('11172024', '0:30:50', '0:38:10'),
    video: '',
    videoPreview: 'media/previews/pitch-sky.svg',
    slides: '',
    category: 'Monitoring',
    showcaseDate: '11172024',
    // Taken down at the presenter's request.
    display: false,
  },
  {
    presenterName: 'Marcus Bell',
    presenterRole: 'Co-founder',
    presenterPhoto: '',
    orgName: 'Backcountry Water Works',
    orgLogo: 'media/logos/backcountry-water-works.svg',
    orgDescription:
      'Backcountry Water Works installs solar-pumped water tanks on ridgelines so crews can refill engines and ' +
      'helicopters minutes from the fire line instead of half an hour away. Ranchers share the tanks for livestock ' +
      'the rest of the year, which pays for their upkeep.',
    location: 'Grass Valley, California',
    linkedin: 'https://www.linkedin.com/company/backcountry-water-works-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/marcus-bell-sample',
    youtube: clipOf('11172024', '0:38:45', '0:47:20'),
    video: '',
    videoPreview: 'media/previews/pitch-sky.svg',
    slides: 'slides/11172024-backcountry-water-works.pdf',
    category: 'Suppression',
    showcaseDate: '11172024',
    display: true,
  },

  // Winter 2025
  {
    presenterName: 'Aiyana Brightwater',
    presenterRole: 'Co-founder and CEO',
    presenterPhoto: '',
    orgName: 'Cinder Mesh Networks',
    orgLogo: 'media/logos/cinder-mesh-networks.svg',
    orgDescription:
      'Cinder Mesh scatters matchbox-sized heat and gas sensors through the edge of town where homes meet wildland. ' +
      'They talk to each other over long-range radio, need no power lines or cell coverage, and run for seven years ' +
      'on one battery. When embers land, the neighbourhood knows within a minute.',
    location: 'Flagstaff, Arizona',
    linkedin: 'https://www.linkedin.com/company/cinder-mesh-networks-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/aiyana-brightwater-sample',
    youtube: clipOf('02052025', '0:11:10', '0:19:35'),
    video: '',
    videoPreview: 'media/previews/pitch-ember.svg',
    slides: 'slides/02052025-cinder-mesh-networks.pdf',
    category: 'Detection',
    showcaseDate: '02052025',
    display: true,
  },
  {
    presenterName: 'Matteo Rossi',
    presenterRole: 'Founder and Herd Manager',
    presenterPhoto: '',
    orgName: 'GrazeWorks',
    orgLogo: 'media/logos/grazeworks.svg',
    orgDescription:
      'GrazeWorks is a marketplace for targeted grazing: landowners, parks and utilities book goat and sheep herds ' +
      'to eat down the grass and brush that carry fire, and herders get steady, fairly paid work. Last season its ' +
      'herds cleared 2,300 acres of fuel breaks without a single gallon of diesel.',
    location: 'Paso Robles, California',
    linkedin: 'https://www.linkedin.com/company/grazeworks-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/matteo-rossi-sample',
    youtube: clipOf('02052025', '0:20:05', '0:28:40'),
    video: '',
    videoPreview: 'media/previews/pitch-forest.svg',
    slides: '',
    category: 'Fuel reduction',
    showcaseDate: '02052025',
  },
  {
    presenterName: 'Grace Kim-Whitaker',
    presenterRole: 'Founder',
    presenterPhoto: '',
    orgName: 'ReLeaf Recovery',
    orgLogo: 'media/logos/releaf-recovery.svg',
    orgDescription:
      'After a fire, the first heavy rain can bury roads and foul drinking water with ash and mud. ReLeaf makes ' +
      'erosion mats and wattles from recycled paper fibre and native seed, which hold the slope, feed the soil and ' +
      'disappear as the hillside greens again.',
    location: 'Santa Rosa, California',
    linkedin: 'https://www.linkedin.com/company/releaf-recovery-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/grace-kim-whitaker-sample',
    youtube: clipOf('02052025', '0:29:15', '0:37:50'),
    video: '',
    videoPreview: 'media/previews/pitch-dusk.svg',
    slides: 'slides/02052025-releaf-recovery.pdf',
    category: 'Recovery',
    showcaseDate: '02052025',
    display: true,
  },
  {
    presenterName: 'Jonah Feld',
    presenterRole: 'Head of Partnerships',
    presenterPhoto: '',
    orgName: 'Vireo Risk Data',
    orgLogo: 'media/logos/vireo-risk-data.svg',
    orgDescription: 'Parcel-level wildfire risk scores for insurers, updated when a homeowner hardens their home.',
    location: 'Austin, Texas',
    linkedin: 'https://www.linkedin.com/company/vireo-risk-data-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/jonah-feld-sample',
    youtube: clipOf('02052025', '0:38:20', '0:46:00'),
    video: '',
    videoPreview: 'media/previews/pitch-sky.svg',
    slides: 'slides/02052025-vireo-risk-data.pdf',
    category: 'Insurance',
    showcaseDate: '02052025',
    // Hidden while the company finishes a rename; its slides stay on file.
    display: false,
  },

  // Spring 2025
  {
    presenterName: 'Samuel Adeyemi',
    presenterRole: 'CEO',
    presenterPhoto: '',
    orgName: 'Firebreak Robotics',
    orgLogo: 'media/logos/firebreak-robotics.svg',
    orgDescription:
      'Firebreak builds a tracked, remote-supervised robot that clears brush on slopes too steep or too hot for hand ' +
      'crews. One operator can run three machines from a truck, and each clears about an acre a day while mulching ' +
      'what it cuts in place.',
    location: 'Reno, Nevada',
    linkedin: 'https://www.linkedin.com/company/firebreak-robotics-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/samuel-adeyemi-sample',
    youtube: clipOf('04232025', '0:13:00', '0:21:30'),
    video: '',
    videoPreview: 'media/previews/pitch-forest.svg',
    slides: 'slides/04232025-firebreak-robotics.pdf',
    category: 'Fuel reduction',
    showcaseDate: '04232025',
    display: true,
  },
  {
    presenterName: 'Lucía Fernández',
    presenterRole: 'Co-founder',
    presenterPhoto: '',
    orgName: 'SafeHaven Alerts',
    orgLogo: 'media/logos/safehaven-alerts.svg',
    orgDescription:
      'SafeHaven sends evacuation warnings by text and voice in the languages people actually speak at home, ' +
      'thirty-one so far, and lets them answer “I need a ride” with one reply. Emergency managers see who has not ' +
      'confirmed and where the help is needed.',
    location: 'Los Angeles, California',
    linkedin: 'https://www.linkedin.com/company/safehaven-alerts-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/lucia-fernandez-sample',
    youtube: null,
    video: '',
    videoPreview: 'media/previews/pitch-ember.svg',
    slides: 'slides/04232025-safehaven-alerts.pdf',
    category: 'Evacuation',
    showcaseDate: '04232025',
    display: true,
  },
  {
    presenterName: 'Ethan Nakamura',
    presenterRole: 'Founder and Chief Engineer',
    presenterPhoto: '',
    orgName: 'Tinderline Power',
    orgLogo: 'media/logos/tinderline-power.svg',
    orgDescription:
      'Tinderline clips a sensor onto distribution lines that hears the electrical signature of a failing clamp or a ' +
      'branch brushing the wire, days before it could spark. Utilities get a work order instead of an ignition.',
    location: 'Kelowna, British Columbia',
    linkedin: 'https://www.linkedin.com/company/tinderline-power-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/ethan-nakamura-sample',
    youtube: clipOf('04232025', '0:22:05', '0:30:40'),
    video: '',
    videoPreview: 'media/previews/pitch-sky.svg',
    slides: '',
    category: 'Utilities',
    showcaseDate: '04232025',
  },
  {
    presenterName: 'Rosa Delgado',
    presenterRole: 'Executive Director',
    presenterPhoto: '',
    orgName: 'Wildland Workforce Academy',
    orgLogo: 'media/logos/wildland-workforce-academy.svg',
    orgDescription:
      'The Academy trains young adults from rural towns as fuel-reduction and prescribed-fire crew members, with ' +
      'paid placements at land trusts and tribal forestry programmes. Ninety percent of its first cohort are still ' +
      'working in the field a year later.',
    location: 'Redding, California',
    linkedin: 'https://www.linkedin.com/company/wildland-workforce-academy-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/rosa-delgado-sample',
    youtube: clipOf('04232025', '0:31:15', '0:39:55'),
    video: '',
    videoPreview: 'media/previews/pitch-dusk.svg',
    slides: 'slides/04232025-wildland-workforce-academy.pdf',
    category: 'Workforce',
    showcaseDate: '04232025',
    display: true,
  },

  // Summer 2025
  {
    presenterName: 'Hannah Osei',
    presenterRole: 'Co-founder and Chief Scientist',
    presenterPhoto: '',
    orgName: 'ClearSky Air',
    orgLogo: 'media/logos/clearsky-air.svg',
    orgDescription:
      'ClearSky makes low-cost, quiet air cleaners sized for classrooms and a dashboard that tells a school district ' +
      'which rooms are safe on smoke days. Two districts in Montana kept every school open through last summer’s ' +
      'smoke with them.',
    location: 'Missoula, Montana',
    linkedin: 'https://www.linkedin.com/company/clearsky-air-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/hannah-osei-sample',
    youtube: clipOf('07162025', '0:14:00', '0:22:25'),
    video: '',
    videoPreview: 'media/previews/pitch-sky.svg',
    slides: 'slides/07162025-clearsky-air.pdf',
    category: 'Smoke and health',
    showcaseDate: '07162025',
    display: true,
  },
  {
    presenterName: 'Nina Castellanos',
    presenterRole: 'CEO',
    presenterPhoto: '',
    orgName: 'RxBurn Planner',
    orgLogo: 'media/logos/rxburn-planner.svg',
    orgDescription:
      'RxBurn Planner helps county and tribal crews write, permit and run prescribed burns: it drafts the burn plan ' +
      'from the parcel and the forecast, tracks the go/no-go conditions hour by hour, and files the smoke permit. ' +
      'Plans that took three weeks now take three days.',
    location: 'Santa Fe, New Mexico',
    linkedin: 'https://www.linkedin.com/company/rxburn-planner-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/nina-castellanos-sample',
    youtube: clipOf('07162025', '0:23:00', '0:31:35'),
    video: '',
    videoPreview: 'media/previews/pitch-forest.svg',
    slides: 'slides/07162025-rxburn-planner.pdf',
    category: 'Prescribed fire',
    showcaseDate: '07162025',
    display: true,
  },
  {
    presenterName: 'Owen MacLeod',
    presenterRole: 'Founder',
    presenterPhoto: '',
    orgName: 'Aquashield Systems',
    orgLogo: 'media/logos/aquashield-systems.svg',
    orgDescription:
      'Aquashield retrofits homes with roof and eave sprinklers that switch on by themselves when embers are in the ' +
      'air, run from the home’s own tank and a battery, and use less water than a garden hose in an hour.',
    location: 'Penticton, British Columbia',
    linkedin: 'https://www.linkedin.com/company/aquashield-systems-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/owen-macleod-sample',
    youtube: clipOf('07162025', '0:32:10', '0:40:30'),
    video: '',
    videoPreview: 'media/previews/pitch-ember.svg',
    slides: '',
    category: 'Home hardening',
    showcaseDate: '07162025',
  },
  {
    presenterName: 'Imani Carter',
    presenterRole: 'Co-founder',
    presenterPhoto: '',
    orgName: 'Pyrolytics',
    orgLogo: 'media/logos/pyrolytics.svg',
    orgDescription: 'Turns cleared brush into biochar for farms, paid for by carbon removal credits.',
    location: 'Eugene, Oregon',
    linkedin: 'https://www.linkedin.com/company/pyrolytics-sample',
    linkedinPersonal: 'https://www.linkedin.com/in/imani-carter-sample',
    youtube: null,
    video: '',
    videoPreview: 'media/previews/pitch-dusk.svg',
    slides: '',
    category: 'Biomass',
    showcaseDate: '07162025',
    // Withdrawn before the recording was published.
    display: false,
  },
];
