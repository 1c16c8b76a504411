import { SCORECARD_ZIP_URL, SiteForm, SUCCESS_TEXT, type ReturnedPost } from '@wpc/shared/forms';
import { FORMS, type FormId } from '@wpc/shared/form-definitions';
import styles from './FormPage.module.css';

export interface FormPageProps {
  readonly form: FormId;
  /** Where the form posts (its page, with the way back). */
  readonly action: string;
  /** Sent from a scorecard page (sends scorecardForm: true). */
  readonly scorecardForm: boolean;
  /** Feedback: the page the feedback came from. */
  readonly pageName?: string;
  /** The site page the visitor came from, if known: the way back. */
  readonly back?: string;
  /** The thanks, once the form was stored. */
  readonly sent: boolean;
  /** A post the server turned back: what was typed, and what needs attention. */
  readonly returned?: ReturnedPost;
}

/**
 * A form as a page of its own, for a visitor whose browser runs no scripts (or had not run them
 * yet): the edge renders it on each request (shell/server/form-pages.ts) and sends it without
 * scripts, so the form posts to the edge itself and the answer is this page again, with the
 * thanks or with the form as it was typed and what needs attention.
 */
export function FormPage({ form, action, scorecardForm, pageName, back, sent, returned }: FormPageProps) {
  const { title } = FORMS[form];
  return (
    <article className={`wpc-page ${styles.page}`}>
      <h1>{title}</h1>
      {sent ? (
        <>
          <p role="status" className={styles.thanks}>
            {SUCCESS_TEXT[form]}
          </p>
          {form === 'download' ? (
            <p>
              The download starts by itself. If it does not,{' '}
              <a href={SCORECARD_ZIP_URL} download>
                download the scorecard (zip file)
              </a>
              .
            </p>
          ) : null}
        </>
      ) : (
        <SiteForm
          form={form}
          action={action}
          scorecardForm={scorecardForm}
          pageName={pageName}
          withoutScripts
          returned={returned}
        />
      )}
      <p className={styles.back}>
        <a href={back ?? '/'}>{back ? 'Back to the page you came from' : 'Go to the home page'}</a>
      </p>
    </article>
  );
}
