import { BEACON_MAX_BYTES, beaconSchema } from '@wpc/shared/team/impact-schemas';
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
});
