import { loadConfig } from '../src/config';
import { notificationMail } from '../src/notify/message';
import type { StoredSubmission } from '../src/store';
import { SPEC_FORM_IDS, SPEC_FORMS, specSubmission } from '../../test-support/spec/forms';

const settings = loadConfig({
  SITE_ORIGIN: 'https://wildfire.example',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  NOTIFY_TO: 'team@consortium.test',
  NOTIFY_TO_FEEDBACK: 'scorecard@consortium.test',
});

/** The endpoint kind of a spec path: /api/submit-notifyme-form -> notifyme. */
function kindOf(path: string): StoredSubmission['form'] {
  return /^\/api\/submit-([a-z]+)-form$/.exec(path)![1] as StoredSubmission['form'];
}

/** A label a person reads, not a field name: no camelCase, snake_case or kebab-joined words. */
function readable(label: string): boolean {
  return /^[A-Z]/.test(label) && !/[a-z][A-Z]|_|^[A-Za-z]+-[a-z]+$/.test(label);
}

describe('the notification email', () => {
  for (const id of SPEC_FORM_IDS) {
    const spec = SPEC_FORMS[id];
    it(`lists every field of the ${spec.row} form (spec §3) under a readable label, with the page and the console link`, () => {
      const fields = specSubmission(spec, 'T1');
      const files =
        spec.fields.files === 'files'
          ? [
              {
                id: 'f1',
                name: 'pilot <results>.pdf',
                contentType: 'application/pdf',
                size: 2_400_000,
                uploadedAt: new Date(),
              },
            ]
          : [];
      const submission: StoredSubmission = {
        id: 'abc123',
        form: kindOf(spec.path),
        variant: id,
        fields,
        files,
        page: '/scorecard',
        receivedAt: new Date('2026-03-04T05:06:07Z'),
      };
      const mail = notificationMail(submission, '<m1@wildfire.example>', settings);
      const lines = mail.text.split('\n');
      // Flags read Yes or No, one line each (their labels are checked for readability below).
      const flags = Object.values(fields).filter((value) => typeof value === 'boolean');
      const flagLines = lines.filter((line) => /: (Yes|No)$/.test(line));
      expect(flagLines.map((line) => line.endsWith(': Yes'))).toEqual(flags);
      for (const line of flagLines) expect(readable(line.replace(/: (Yes|No)$/, ''))).toBe(true);
      for (const [name, value] of Object.entries(fields)) {
        if (name === 'pageName' || typeof value === 'boolean') continue; // the page line; flags above
        const shown = value;
        const line = lines.find((candidate) => candidate.endsWith(`: ${shown}`) && !candidate.startsWith('Page:'));
        const label = line?.slice(0, line.length - `: ${shown}`.length);
        expect({ name, label, readable: label !== undefined && readable(label) }).toEqual({
          name,
          label,
          readable: true,
        });
        expect(mail.html).toContain(`>${label!.replace(/&/g, '&amp;')}</th>`);
      }
      expect(mail.text).toContain('Page: https://wildfire.example/scorecard');
      expect(mail.text).toContain('Open it in the team console: https://wildfire.example/team/submissions/abc123');
      expect(mail.html).toContain('href="https://wildfire.example/team/submissions/abc123"');
      expect(mail.text).toContain('Received: 4 Mar 2026, 05:06 UTC');
      expect(mail.replyTo).toEqual({ name: 'firstName of T1 lastName of T1', address: 'ada+T1@example.org' });
      expect(mail.messageId).toBe('<m1@wildfire.example>');
      expect(mail.to).toEqual(
        submission.form === 'feedback' ? ['scorecard@consortium.test'] : ['team@consortium.test'],
      );
      const organization = typeof fields.organization === 'string' ? ` (${fields.organization})` : '';
      expect(mail.subject).toBe(`${mail.subject.split(':')[0]}: firstName of T1 lastName of T1${organization}`);
      if (files.length > 0) {
        expect(mail.text).toContain(
          'Files (1), not attached; download them from the team console:\n- pilot <results>.pdf, 2.4 MB',
        );
        expect(mail.html).toContain('<li>pilot &lt;results&gt;.pdf, 2.4 MB</li>');
      }
    });
  }

  it('names the kind in the subject as the form is titled on the site', () => {
    const base = { id: 'x', files: [], page: null, receivedAt: new Date() };
    const person = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.org', organization: 'Pine Council' };
    expect(
      notificationMail({ ...base, form: 'sponsor', variant: 'sponsor', fields: person }, '<a@b>', settings).subject,
    ).toBe('Become a Sponsor: Ana Ruiz (Pine Council)');
    const { organization: _none, ...withoutOrganization } = person;
    expect(
      notificationMail({ ...base, form: 'notifyme', variant: 'notify', fields: withoutOrganization }, '<a@b>', settings)
        .subject,
    ).toBe('Notify Me About the Next Showcase: Ana Ruiz');
  });
});
