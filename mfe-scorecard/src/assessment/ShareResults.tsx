import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  BENCHMARK_MINIMUM,
  COMMUNITY_TYPES,
  COUNTRY_CODES,
  QUESTIONS,
  unansweredQuestions,
  ZIP_MAX,
  ZIP_MIN,
  type CommunityType,
} from '@wpc/shared/assessment';
import { newIdempotencyKey, shareAssessment } from '@wpc/shared/api-client';
import { Button } from '@wpc/shared/ui';
import type { AssessmentProgress } from './progress';
import { cx } from './class-names';
import styles from './assess.module.css';

export interface ShareResultsProps {
  readonly progress: AssessmentProgress;
  readonly onShared: (at: string) => void;
}

type FieldName = 'communityType' | 'country' | 'zip' | 'consent';
type Errors = Partial<Record<FieldName, string>>;

const FIELD_NAMES: readonly FieldName[] = ['communityType', 'country', 'zip', 'consent'];

interface Choice {
  readonly value: string;
  readonly label: string;
}

const COMMUNITY_CHOICES: readonly Choice[] = COMMUNITY_TYPES.map((type) => ({ value: type.id, label: type.label }));

function countryChoices(): Choice[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, 'en'),
  );
}

function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

function checkFields(communityType: string, country: string, zip: string, consent: boolean): Errors {
  const errors: Errors = {};
  if (!communityType) errors.communityType = 'Choose the kind of community.';
  if (!country) errors.country = 'Choose the country.';
  const trimmed = zip.trim();
  if (trimmed && trimmed.length < ZIP_MIN)
    errors.zip = `A zip or postal code has at least ${ZIP_MIN} characters; or leave it empty.`;
  if (!consent) errors.consent = 'Tick the box to agree to share your anonymised results.';
  return errors;
}

/** What the API refused: the errors of this form's fields, and one line for the rest. */
async function refusalOf(response: Response): Promise<{ errors: Errors; text: string }> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
  const errors: Errors = {};
  for (const name of FIELD_NAMES) if (body.fields?.[name]) errors[name] = body.fields[name];
  const other = Object.entries(body.fields ?? {}).filter(
    ([name]) => !(FIELD_NAMES as readonly string[]).includes(name),
  );
  const text = [
    body.error ?? `Sharing did not work (the server answered ${response.status}). Please try again.`,
    ...other.map(([, message]) => message),
  ].join(' ');
  return { errors, text };
}

function FieldError({ id, text }: { readonly id: string; readonly text: string | undefined }) {
  return text ? (
    <p id={id} className={styles.fieldError}>
      {text}
    </p>
  ) : null;
}

/** A field's error is announced with it. */
const invalidProps = (error: string | undefined, errorId: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

interface ChoiceFieldProps {
  readonly ids: { readonly input: string; readonly error: string };
  readonly label: string;
  readonly value: string;
  readonly choices: readonly Choice[];
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/** A required choice from a list, which starts unchosen. */
function ChoiceField({ ids, label, value, choices, error, onChange }: ChoiceFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={ids.input}>{label}</label>
      <select
        id={ids.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(error, ids.error)}
      >
        <option value="">Choose…</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.error} text={error} />
    </div>
  );
}

/** The kind of community, country, zip and consent; sent with the scores once all are answered. */
function ShareForm({ progress, onShared, formId }: ShareResultsProps & { readonly formId: string }) {
  const [communityType, setCommunityType] = useState<CommunityType | ''>('');
  const [country, setCountry] = useState('');
  const [zip, setZip] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attempt = useRef<{ readonly content: string; readonly key: string } | undefined>(undefined);
  const countries = useMemo(() => countryChoices(), []);

  const ids = (name: FieldName) => ({ input: `${formId}-${name}`, error: `${formId}-${name}-error` });
  const errorProps = (name: FieldName) => invalidProps(errors[name], ids(name).error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = checkFields(communityType, country, zip, consent);
    setErrors(found);
    if (Object.keys(found).length > 0 || communityType === '') return;
    setSending(true);
    try {
      const share = {
        communityType,
        country,
        ...(zip.trim() ? { zip: zip.trim() } : {}),
        scores: progress.answers,
        consent: true as const,
      };
      // Sending the same results again after an error reuses the attempt's key, so they are stored once.
      const content = JSON.stringify(share);
      if (attempt.current?.content !== content) attempt.current = { content, key: newIdempotencyKey() };
      const response = await shareAssessment(share, { idempotencyKey: attempt.current.key });
      if (response.ok) {
        attempt.current = undefined;
        onShared(new Date().toISOString());
        return;
      }
      const refusal = await refusalOf(response);
      setErrors(refusal.errors);
      setFailure(refusal.text);
    } catch {
      setFailure(
        'Your results could not be sent: the connection failed. Check your connection and try again; your answers are still here.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <ChoiceField
        ids={ids('communityType')}
        label="Kind of community"
        value={communityType}
        choices={COMMUNITY_CHOICES}
        error={errors.communityType}
        onChange={(value) => setCommunityType(value as CommunityType | '')}
      />
      <ChoiceField
        ids={ids('country')}
        label="Country"
        value={country}
        choices={countries}
        error={errors.country}
        onChange={setCountry}
      />
      <div className={styles.field}>
        <label htmlFor={ids('zip').input}>Zip / postal code (optional)</label>
        <input
          id={ids('zip').input}
          type="text"
          autoComplete="postal-code"
          maxLength={ZIP_MAX}
          value={zip}
          onChange={(event) => setZip(event.target.value)}
          {...errorProps('zip')}
        />
        <FieldError id={ids('zip').error} text={errors.zip} />
      </div>
      <div className={styles.field}>
        <div className={styles.consent}>
          <input
            id={ids('consent').input}
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            {...errorProps('consent')}
          />
          <label htmlFor={ids('consent').input}>
            I agree to share these anonymised results with the Wildfire Prevention Consortium, to be combined with other
            communities&apos; results.
          </label>
        </div>
        <FieldError id={ids('consent').error} text={errors.consent} />
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? 'Sharing…' : 'Share anonymised results'}
      </Button>
      {failure ? (
        <p className={cx(styles.notice, styles.noticeError)} role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

/** Opt-in sharing of the 40 scores (no notes, name or email) for the comparison between communities. */
export function ShareResults({ progress, onShared }: ShareResultsProps) {
  const formId = useId();
  const [justShared, setJustShared] = useState(false);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  // The form (and the button that had focus) is replaced by the thanks, so focus moves there.
  useEffect(() => {
    if (justShared) thanksRef.current?.focus();
  }, [justShared]);

  const missing = unansweredQuestions(progress.answers).length;
  const alreadyShared =
    progress.sharedAt !== null && (progress.updatedAt === null || progress.updatedAt <= progress.sharedAt);
  const shared = (at: string) => {
    setJustShared(true);
    onShared(at);
  };

  return (
    <section className={cx(styles.share, styles.noPrint)} aria-labelledby={`${formId}-heading`}>
      <h3 id={`${formId}-heading`}>Share anonymised results with the consortium</h3>
      <p>
        Sharing helps every community see where it stands. We receive only the kind of community, the country, the zip
        or postal code if you give one, and your {QUESTIONS.length} scores: never your notes, name or email. Once at
        least {BENCHMARK_MINIMUM} communities have shared, everyone who takes the assessment sees the median score of
        each essential beside their own.
      </p>
      {alreadyShared ? (
        <p ref={thanksRef} tabIndex={-1} className={styles.notice} role="status">
          Thank you! You shared these results on {longDate(progress.sharedAt!)}. If you change any answer, you can share
          the new results here.
        </p>
      ) : missing > 0 ? (
        <p>
          Sharing opens when all {QUESTIONS.length} questions are answered, so that every shared result compares like
          with like. {missing === 1 ? 'One question is' : `${missing} questions are`} still to answer.
        </p>
      ) : (
        <ShareForm progress={progress} onShared={shared} formId={formId} />
      )}
    </section>
  );
}
