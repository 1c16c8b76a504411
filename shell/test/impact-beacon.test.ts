import { BEACON_MAX_BYTES, beaconSchema } from '@wpc/shared/team/impact-schemas';
import { reportOutcome } from '@wpc/shared/events';
import { countNavigations } from '../src/impact-beacon';

describe('the shell counts navigations inside the site (issue 40)', () => {
  const sent: { url: string; body: string }[] = [];
  beforeAll(() => {
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => sent.push({ url, body }) > 0,
    });
    window.history.replaceState(null, '', '/');
    countNavigations();
  });

  const navigate = (to: string) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new Event('single-spa:routing-event'));
  };

  it('sends one beacon per new page, with the route and the UTM fields, in the API’s beacon shape', () => {
    navigate('/'); // the page the edge counted: nothing
    navigate('/scorecard?utm_source=updates&utm_medium=email&utm_campaign=upd42&email=a@b.c');
    navigate('/scorecard#faq'); // the same page
    navigate('/about');
    expect(sent.map(({ url }) => url)).toEqual(['/api/impact/beacon', '/api/impact/beacon']);
    const bodies = sent.map(({ body }) => beaconSchema.parse(JSON.parse(body)));
    expect(bodies).toEqual([
      { type: 'view', route: '/scorecard', utmSource: 'updates', utmMedium: 'email', utmCampaign: 'upd42' },
      { type: 'view', route: '/about' },
    ]);
    expect(sent.every(({ body }) => body.length <= BEACON_MAX_BYTES)).toBe(true);
  });

  it('counts a click on a link an area marked as the partner’s Register or Apply page, and no other link', () => {
    sent.length = 0;
    window.history.replaceState(null, '', '/showcase/innovations');
    document.body.innerHTML = `
      <a href="https://partner.example/register" data-outcome="partner-register"><span>Register</span></a>
      <a href="https://partner.example/apply" data-outcome="partner-apply">Apply</a>
      <a href="https://partner.example/other">Other</a>
      <a href="https://partner.example/x" data-outcome="made-up">Made up</a>`;
    const links = [...document.querySelectorAll('a')];
    // No navigation in jsdom: the click is what is counted, before the browser leaves.
    for (const link of links) link.addEventListener('click', (event) => event.preventDefault());
    links[0]!.querySelector('span')!.click();
    links[1]!.click();
    links[2]!.click();
    links[3]!.click();
    expect(sent.map(({ body }) => beaconSchema.parse(JSON.parse(body)))).toEqual([
      { type: 'outcome', outcome: 'partner-register', route: '/showcase/innovations' },
      { type: 'outcome', outcome: 'partner-apply', route: '/showcase/innovations' },
    ]);
  });

  it('sends what an area reports as an outcome beacon of the page it happened on', () => {
    sent.length = 0;
    window.history.replaceState(null, '', '/sponsors');
    reportOutcome({ outcome: 'form-opened', form: 'sponsor' });
    window.history.replaceState(null, '', '/scorecard/assess');
    reportOutcome({ outcome: 'assessment-started' });
    expect(sent.map(({ body }) => beaconSchema.parse(JSON.parse(body)))).toEqual([
      { type: 'outcome', outcome: 'form-opened', route: '/sponsors', form: 'sponsor' },
      { type: 'outcome', outcome: 'assessment-started', route: '/scorecard/assess' },
    ]);
  });
});
