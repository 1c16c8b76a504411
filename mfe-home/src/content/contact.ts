// Everything the Contact Us page says. The email address is sample content to replace.
import contactImage from '../images/contact.svg';

export const CONTACT_INTRO = {
  title: 'Contact Us',
  lead:
    'Questions about the scorecard, the showcase, sponsorship or partnering with us? Send us a message and a ' +
    'member of the team will get back to you, usually within two working days.',
} as const;

export const CONTACT_FORM_TITLE = 'Write to the team';

export const OTHER_WAYS = {
  title: 'Other ways to reach us',
  image: {
    src: contactImage,
    alt: 'Illustration: a calendar page reading “WED 12 pm PST” next to an envelope.',
    width: 480,
    height: 320,
  },
  meeting: {
    title: 'Weekly innovator meeting',
    when: 'Wednesdays at 12pm PST',
    text:
      'An open video call for founders, investors, researchers and practitioners. Bring a problem, a question or ' +
      'a demo. Tick “Wildfire Innovation Showcase” in the form and we will send you the link.',
  },
  email: {
    title: 'Email',
    text: 'Prefer your own mail program? Write to us directly.',
    address: 'info@wildfirepreventionconsortium.org',
  },
} as const;
