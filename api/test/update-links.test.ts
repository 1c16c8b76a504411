import { renderUpdate, updateMail, type MessageSettings } from '../src/updates/messages';

// Issue 40: every link to the site in an update's email carries the update's id as utm_campaign
// (with utm_source=updates, utm_medium=email), the same for every recipient; nothing personal.
const settings = {
  siteOrigin: 'https://wildfire.example',
  updates: { postalAddress: '1 Main St', unsubscribeAddress: 'leave@wildfire.example' },
} as unknown as MessageSettings;
const CAMPAIGN = 'utm_source=updates&utm_medium=email&utm_campaign=upd42';

describe("an update's links carry its campaign", () => {
  const update = renderUpdate(
    {
      id: 'upd42',
      subject: 'Spring',
      list: 'scorecard',
      body: 'See [the scorecard](https://wildfire.example/scorecard?a=1) and https://other.example/x and https://wildfire.example/about.',
    },
    '/updates/2026-03-01-spring',
  );
  const mail = updateMail(
    update,
    { email: 'ada@example.org', token: 'secret-token' },
    '<m@wildfire.example>',
    settings,
  );

  it('in the text: links to the site, not to other sites, and a full stop stays outside', () => {
    expect(mail.text).toContain(`(https://wildfire.example/scorecard?a=1&${CAMPAIGN})`);
    expect(mail.text).toContain(`https://wildfire.example/about?${CAMPAIGN}.`);
    expect(mail.text).toContain('https://other.example/x ');
    expect(mail.text).toContain(`https://wildfire.example/updates/2026-03-01-spring?${CAMPAIGN}`);
  });

  it('in the HTML, escaped; the recipient’s own links carry nothing more', () => {
    expect(mail.html).toContain(
      `href="https://wildfire.example/scorecard?a=1&amp;${CAMPAIGN.replaceAll('&', '&amp;')}"`,
    );
    expect(mail.html).toContain('href="https://other.example/x"');
    expect(mail.html).toContain('href="https://wildfire.example/updates/preferences?token=secret-token"');
    expect(mail.html).not.toContain('ada@example.org');
  });
});
