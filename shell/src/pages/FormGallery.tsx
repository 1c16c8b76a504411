import { useId, useState } from 'react';
import { FORMS, type FormId } from '@wpc/shared/form-definitions';
import { FormButton } from '@wpc/shared/forms/on-demand';
import { SiteForm } from '@wpc/shared/forms';
import { Button, Dialog } from '@wpc/shared/ui';

interface GalleryEntry {
  readonly form: FormId;
  readonly name: string;
  readonly where: string;
  /** Page variants live inline on their page; here they open in a dialog and reset on success. */
  readonly page?: boolean;
}

const ENTRIES: readonly GalleryEntry[] = [
  { form: 'download', name: 'Download', where: 'Download Scorecard buttons on the home and scorecard pages.' },
  { form: 'notify', name: 'Notify-me', where: 'Notify Me buttons on the showcase pages.' },
  {
    form: 'subscribe',
    name: 'Subscribe (pop-up)',
    where: 'Subscribe for Updates cards on the home and scorecard pages.',
  },
  { form: 'subscribePage', name: 'Subscribe (scorecard page)', where: 'The /scorecard/subscribe page.', page: true },
  { form: 'sponsor', name: 'Sponsor', where: 'Become a Sponsor on the sponsors page.' },
  { form: 'collab', name: 'Collaboration', where: 'Pilot with Us and Collaborate with Us buttons.' },
  { form: 'feedback', name: 'Feedback', where: 'Feedback & Upload buttons; sends files as multipart.' },
  { form: 'contact', name: 'Contact (pop-up and /contact-us)', where: 'Contact pop-ups and the /contact-us page.' },
  { form: 'contactScorecard', name: 'Contact (scorecard page)', where: 'The /scorecard/contact page.', page: true },
  { form: 'support', name: 'Support', where: 'Contribute to the Cause and Support Wildfire Prevention buttons.' },
];

function PageVariant({ entry, scorecardForm }: { entry: GalleryEntry; scorecardForm: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Open the {entry.name} form
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={FORMS[entry.form].title} closeLinkLabel="Close">
        <SiteForm form={entry.form} scorecardForm={scorecardForm} />
      </Dialog>
    </>
  );
}

/** /dev/forms: every form kind in one place, for manual checks and the end-to-end tests. */
export default function FormGallery() {
  const [scorecardForm, setScorecardForm] = useState(false);
  const toggleId = useId();
  return (
    <article className="wpc-page">
      <h1>Form Gallery</h1>
      <p className="wpc-lead">
        Every form of the site, each opening as it does on its page. Submissions go to the real API.
      </p>
      <p>
        <input
          id={toggleId}
          type="checkbox"
          checked={scorecardForm}
          onChange={(event) => setScorecardForm(event.target.checked)}
        />{' '}
        <label htmlFor={toggleId}>Open the forms as if from a scorecard page (sends scorecardForm: true)</label>
      </p>
      <ul style={{ display: 'grid', gap: 'var(--wpc-space-4)', padding: 0, listStyle: 'none' }}>
        {ENTRIES.map((entry) => (
          <li key={entry.form} style={{ display: 'grid', gap: 'var(--wpc-space-2)', justifyItems: 'start' }}>
            <h2 style={{ margin: 0, fontSize: 'var(--wpc-font-size-lg)' }}>{entry.name}</h2>
            <p style={{ margin: 0 }}>
              {entry.where} Form id <code>{entry.form}</code>
              {FORMS[entry.form].scorecardAware ? '' : '; never sends scorecardForm'}.
            </p>
            {entry.page ? (
              <PageVariant entry={entry} scorecardForm={scorecardForm} />
            ) : (
              <FormButton form={entry.form} scorecardForm={scorecardForm}>
                Open the {entry.name} form
              </FormButton>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
