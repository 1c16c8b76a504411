/** Copy of /showcase/innovations. Quoted strings are the spec's; the rest is ours to edit. */
export const INNOVATIONS_COPY = {
  hero: {
    eyebrow: 'A free virtual event',
    title: 'Wildfire Innovation Showcase',
    lead:
      'Where the people building new ways to prevent, detect and recover from wildfire meet the investors, agencies ' +
      'and communities who can put those ideas to work.',
  },
  invitation: {
    title: 'You’re invited',
    body:
      'Every showcase gives a handful of wildfire ventures a stage and an audience that can act: impact investors, ' +
      'fire agencies, utilities, insurers and community leaders. Come to pitch, or come to listen and meet them. ' +
      'Free to attend. Free to present.',
    apply: {
      title: 'Present your venture',
      notifyStatus: 'Accepting applications!',
      notifyBody:
        'Tell us about your product, your pilots and what would help you most. Our curation partners review every ' +
        'application and we reply to each one.',
      deadlineLead: 'Applications close',
      closedLead: 'Applications closed',
      link: 'Apply to Present',
    },
    register: {
      title: 'Attend the showcase',
      notifyBody:
        'The date of the next showcase will be announced soon. Leave your details and we will tell you as soon as ' +
        'registration opens.',
      notifyButton: 'Notify Me!',
      eventLead: 'Join us online on',
      pastLead: 'This showcase took place on',
      registerLink: 'Register',
      recordingsLink: 'Watch the recordings',
    },
  },
  ventures: {
    title: 'Featuring 7 to 10 trailblazing ventures',
    body:
      'Each showcase brings together a small, carefully chosen group, so every venture gets real attention and ' +
      'real questions. Past presenters have come from every part of the wildfire problem:',
    areas: [
      { name: 'Detection and warning', text: 'cameras, sensors and satellites that see a fire in its first minutes' },
      {
        name: 'Fuel and land',
        text: 'grazing, robotics and prescribed-fire planning that take away what fire feeds on',
      },
      {
        name: 'Homes and infrastructure',
        text: 'coatings, sprinklers and power-line sensors that keep sparks from becoming disasters',
      },
      {
        name: 'People and recovery',
        text: 'alerts everyone understands, clean air on smoke days and slopes that heal after a burn',
      },
    ],
    figures: [
      { value: '200+', label: 'guests at a single showcase' },
      { value: '6,500+', label: 'views of that showcase' },
      { value: '500+', label: 'live attendees in two years' },
      { value: '10,000', label: 'registrants in two years' },
    ],
  },
  demo: {
    title: 'See how a showcase works',
    body:
      'A showcase runs for about ninety minutes online. The consortium opens with news from the field, then each ' +
      'venture pitches and takes questions from the audience and our curation partners. Afterwards we introduce ' +
      'presenters to the investors, agencies and communities who asked to meet them.',
    archiveLink: 'Browse all past presentations',
  },
  organizers: {
    title: 'Meet the organizers',
    body: 'The showcase is organised by the Wildfire Prevention Consortium together with a venture networking community.',
    signOff: 'We can’t wait to see what you are building, and to introduce you to the people who can help.',
    signOffClosing: 'See you at the showcase,',
  },
} as const;
