import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from 'react';
import { newIdempotencyKey, submitForm, type SubmitValue } from '@wpc/shared/api-client';
import { reportOutcome, showMessage } from '@wpc/shared/events';
import {
  FORMS,
  HONEYPOT_FIELD,
  textFieldProblem,
  type FieldDefinition,
  type FormId,
} from '@wpc/shared/form-definitions';
import { formPagePath } from '@wpc/shared/routes';
import { Button } from '@wpc/shared/ui';
import {
  DATA_PROTECTION_POLICY_URL,
  FORM_ERROR_TEXT,
  INTRO_TEXT,
  SCORECARD_ZIP_URL,
  SUBMIT_LABEL,
  SUCCESS_TEXT,
  successKind,
} from './copy';
import { fileProblem } from './files';
import { FormEntry } from './form-entries';
import styles from './forms.module.css';

export interface SiteFormProps {
  readonly form: FormId;
  /** Launched from a scorecard page: adds scorecardForm: true and uses scorecard message kinds. */
  readonly scorecardForm?: boolean;
  /** Feedback only: which page the feedback came from. */
  readonly pageName?: string;
  /** Called after a successful send when the form should go away (pop-ups close). */
  readonly onSuccess?: () => void;
  /** Hide the one-line introduction, e.g. when the page already explains the form. */
  readonly hideIntro?: boolean;
  /** Where the form posts without scripts; its own page (formPagePath) unless told. */
  readonly action?: string;
  /**
   * Rendered for a page that runs no scripts (the edge's form pages): fields that appear on a
   * choice (support's message box) are all shown, as nothing could show them.
   */
  readonly withoutScripts?: boolean;
  /** A post sent without scripts that the server turned back: what was typed, and what needs attention. */
  readonly returned?: ReturnedPost;
}

/** What the server found in a post sent without scripts: what was typed, and what needs attention. */
export interface ReturnedPost {
  readonly values: Readonly<Values>;
  /** By field name; `files` for the upload. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** For the whole form (the store was down, too many posts). */
  readonly error?: string;
}

type Values = Record<string, string | boolean>;

/**
 * What the form's inputs hold that its state does not: a prerendered form works as a plain HTML
 * form until it is hydrated (one far down a page hydrates when it nears the viewport), and React
 * keeps what a visitor typed or ticked meanwhile on screen but not in state.
 */
function enteredBeforeHydration(form: HTMLFormElement, fields: readonly FieldDefinition[], values: Values): Values {
  const entered: Values = {};
  for (const field of fields) {
    const input = form.elements.namedItem(field.name);
    if (field.type === 'checkbox') {
      if (input instanceof HTMLInputElement && input.checked !== values[field.name])
        entered[field.name] = input.checked;
    } else if (field.type !== 'hidden' && field.type !== 'files') {
      const isText = input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement;
      if (isText && input.value !== values[field.name]) entered[field.name] = input.value;
    }
  }
  return entered;
}

function emptyValues(fields: readonly FieldDefinition[], pageName: string): Values {
  const values: Values = { [HONEYPOT_FIELD]: '' };
  for (const field of fields) {
    if (field.type === 'checkbox') values[field.name] = false;
    else if (field.type === 'hidden') values[field.name] = field.name === 'pageName' ? pageName : '';
    else if (field.type !== 'files') values[field.name] = '';
  }
  return values;
}

function downloadScorecard(): void {
  const link = document.createElement('a');
  link.href = SCORECARD_ZIP_URL;
  link.download = SCORECARD_ZIP_URL.slice(SCORECARD_ZIP_URL.lastIndexOf('/') + 1);
  document.body.append(link);
  link.click();
  link.remove();
}

/** Support's message box belongs to its "Other" option (spec §3). */
function isShown(form: FormId, field: FieldDefinition, values: Values): boolean {
  if (form === 'support' && field.name === 'message') return values.otherSupport === true;
  return true;
}

/**
 * The API's character rules (control characters, nothing visible), shown by the browser at the
 * first field that breaks one. Whether one did.
 */
function refusedCharacters(form: FormId, values: Values, element: HTMLFormElement): boolean {
  for (const field of FORMS[form].fields) {
    const value = values[field.name];
    if (field.type === 'hidden' || typeof value !== 'string' || !isShown(form, field, values)) continue;
    const problem = textFieldProblem(field, value.trim());
    const input = element.elements.namedItem(field.name);
    if (problem && (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) {
      input.setCustomValidity(problem);
      input.reportValidity();
      return true;
    }
  }
  return false;
}

/** What the form sends: the fields shown, the files chosen, the honeypot, and where it came from. */
function payloadOf(form: FormId, values: Values, files: readonly File[], fromScorecard: boolean) {
  const payload: Record<string, SubmitValue> = {};
  for (const field of FORMS[form].fields) {
    if (!isShown(form, field, values)) continue;
    if (field.type === 'files') payload[field.name] = [...files];
    else payload[field.name] = values[field.name];
  }
  payload[HONEYPOT_FIELD] = values[HONEYPOT_FIELD];
  if (fromScorecard) payload.scorecardForm = true;
  return payload;
}

/** The form's checkboxes: each a flag the visitor may tick. */
function Flags({
  flags,
  inputId,
  values,
  setValue,
}: {
  readonly flags: readonly FieldDefinition[];
  readonly inputId: (name: string) => string;
  readonly values: Values;
  readonly setValue: (name: string, value: boolean) => void;
}) {
  return (
    <fieldset className={styles.flags}>
      <legend className={styles.legend}>Choose any that apply</legend>
      {flags.map((field) => (
        <div key={field.name} className={styles.check}>
          <input
            id={inputId(field.name)}
            name={field.name}
            type="checkbox"
            // What a ticked box sends in a post without scripts (an unticked one sends nothing).
            value="true"
            checked={values[field.name] === true}
            onChange={(event) => setValue(field.name, event.target.checked)}
          />
          <label htmlFor={inputId(field.name)}>{field.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** Below the fields: what the send answered, the button, and the policy it agrees to. */
function FormEnd({
  form,
  error,
  thanks,
  sending,
}: {
  readonly form: FormId;
  readonly error: string;
  readonly thanks: string;
  readonly sending: boolean;
}) {
  const submitLabel = SUBMIT_LABEL[form];
  return (
    <>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {thanks ? (
        <p role="status" className={styles.thanks}>
          {thanks}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
      <p className={styles.policy}>
        By clicking “{submitLabel}”, you agree to our{' '}
        <a href={DATA_PROTECTION_POLICY_URL} target="_blank" rel="noopener noreferrer">
          Data Protection Policy<span className={styles.srOnly}> (PDF, opens in a new tab)</span>
        </a>
        .
      </p>
    </>
  );
}

/** The send: its state, and what each answer does (spec §4 and §8). */
function useSend(form: FormId, fromScorecard: boolean, initialError: string) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState(initialError);
  const [thanks, setThanks] = useState('');
  // One Idempotency-Key per attempt: kept while the values stay as they were sent, so sending
  // them again after an error cannot store them twice; any change makes the next send new.
  const attemptKey = useRef<string | undefined>(undefined);

  const fail = (text: string) => {
    setError(text);
    showMessage({ kind: 'error', tone: 'error', text });
  };

  /** Sends the payload; `sent` runs once the API has taken it. */
  const send = async (payload: Record<string, SubmitValue>, sent: () => void) => {
    setSending(true);
    setError('');
    setThanks('');
    try {
      attemptKey.current ??= newIdempotencyKey();
      const response = await submitForm(form, payload, { idempotencyKey: attemptKey.current });
      // Notify counts any answer as received (spec §4); every other form needs a 200.
      if (form !== 'notify' && response.status !== 200) {
        fail(FORM_ERROR_TEXT);
        return;
      }
      attemptKey.current = undefined;
      showMessage({ kind: successKind(form, fromScorecard), tone: 'success', text: SUCCESS_TEXT[form] });
      if (form === 'download') downloadScorecard();
      if (form === 'notify') setThanks(SUCCESS_TEXT.notify);
      sent();
    } catch (caught) {
      console.error(`Submitting the ${form} form failed`, caught);
      fail(FORM_ERROR_TEXT);
    } finally {
      setSending(false);
    }
  };

  const newAttempt = () => {
    attemptKey.current = undefined;
  };
  return { sending, error, thanks, send, newAttempt };
}

/** What the visitor typed, ticked and chose; any change makes the next send a new attempt. */
function useValues(form: FormId, pageName: string, returned: ReturnedPost | undefined, newAttempt: () => void) {
  const fields = FORMS[form].fields;
  const fileInput = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(fields, pageName), ...returned?.values }));
  const [fileError, setFileError] = useState(returned?.fieldErrors.files ?? '');

  const setValue = (name: string, value: string | boolean) => {
    newAttempt();
    setValues((current) => ({ ...current, [name]: value }));
  };

  /** Typing clears a character problem flagged on the last send (see refusedCharacters). */
  const editText = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>, name: string) => {
    event.currentTarget.setCustomValidity('');
    setValue(name, event.currentTarget.value);
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    newAttempt();
    const problem = fileProblem(Array.from(event.currentTarget.files ?? []));
    // A custom validity makes the browser block the send until the visitor picks other files.
    event.currentTarget.setCustomValidity(problem);
    setFileError(problem);
  };

  return { values, setValues, setValue, editText, fileInput, fileError, handleFiles };
}

/** The trap for bots: hidden from people and from assistive technology. */
function Honeypot({ value, onChange }: { readonly value: string; readonly onChange: (value: string) => void }) {
  return (
    <input
      type="text"
      name={HONEYPOT_FIELD}
      className={styles.trap}
      aria-hidden="true"
      tabIndex={-1}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * Once, on the first commit: reports the form's opening (a pop-up mounts its form when it opens, a
 * form page when it loads), and takes up what was typed before hydration. Later the inputs and the
 * state move together.
 */
function useOpening(form: FormId, values: Values, setValues: Dispatch<SetStateAction<Values>>) {
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    reportOutcome({ outcome: 'form-opened', form });
    if (!formElement.current) return;
    const entered = enteredBeforeHydration(formElement.current, FORMS[form].fields, values);
    if (Object.keys(entered).length) setValues((current) => ({ ...current, ...entered }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return formElement;
}

/**
 * One form of spec §3, its fields derived from FORMS. Validation is the browser's own
 * (required, type=email, minlength); the outcome rules are spec §4 and §8.
 */
export function SiteForm({
  form,
  scorecardForm = false,
  pageName = 'feedback',
  onSuccess,
  hideIntro = false,
  action = formPagePath(form),
  withoutScripts = false,
  returned,
}: SiteFormProps) {
  const definition = FORMS[form];
  const fromScorecard = scorecardForm && definition.scorecardAware;
  const idBase = useId();
  const { sending, error, thanks, send, newAttempt } = useSend(form, fromScorecard, returned?.error ?? '');
  const { values, setValues, setValue, editText, fileInput, fileError, handleFiles } = useValues(
    form,
    pageName,
    returned,
    newAttempt,
  );
  const fieldErrors = returned?.fieldErrors ?? {};
  const formElement = useOpening(form, values, setValues);

  const fields = definition.fields.filter((field) => withoutScripts || isShown(form, field, values));
  const entryFields = fields.filter((field) => field.type !== 'checkbox');
  const flags = fields.filter((field) => field.type === 'checkbox');
  const inputId = (name: string) => `${idBase}-${name}`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !event.currentTarget.checkValidity()) return;
    if (refusedCharacters(form, values, event.currentTarget)) return;
    const payload = payloadOf(form, values, Array.from(fileInput.current?.files ?? []), fromScorecard);
    await send(payload, () => {
      setValues(emptyValues(definition.fields, pageName));
      if (fileInput.current) fileInput.current.value = '';
      if (form !== 'notify') onSuccess?.();
    });
  };

  return (
    // method and action: sent before the page's scripts run (or without them), the browser posts the
    // form to its page on the edge, which answers with a page; scripts send it themselves.
    <form
      ref={formElement}
      method="post"
      action={action}
      encType={definition.multipart ? 'multipart/form-data' : undefined}
      className={styles.form}
      aria-label={definition.title}
      onSubmit={handleSubmit}
    >
      {hideIntro ? null : <p className={styles.intro}>{INTRO_TEXT[form]}</p>}
      {fromScorecard ? <input type="hidden" name="scorecardForm" value="true" /> : null}
      <div className={styles.grid}>
        {entryFields.map((field) => (
          <FormEntry
            key={field.name}
            field={field}
            id={inputId(field.name)}
            text={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
            fieldError={fieldErrors[field.name]}
            onEdit={(event) => editText(event, field.name)}
            fileInput={fileInput}
            fileError={fileError}
            onFiles={handleFiles}
          />
        ))}
      </div>
      {flags.length ? <Flags flags={flags} inputId={inputId} values={values} setValue={setValue} /> : null}
      <Honeypot value={String(values[HONEYPOT_FIELD] ?? '')} onChange={(value) => setValue(HONEYPOT_FIELD, value)} />
      <FormEnd form={form} error={error} thanks={thanks} sending={sending} />
    </form>
  );
}
