import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { FieldJson } from '@wpc/shared/content-model';
import type { ReferenceChoice } from '@wpc/shared/team/content-schemas';
import { Button } from '@wpc/shared/ui';
import { inputId } from './diff';
import { TIME_ZONES, wallTime, zonedInstant } from './zoned';
import styles from './ContentEditor.module.css';

export type Data = Record<string, unknown>;

interface FieldProps {
  readonly field: FieldJson;
  /** The dotted path of the value in the entry's data ("presenters.0.name"). */
  readonly path: string;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly errors: Readonly<Record<string, string>>;
  /** Renders Markdown on the server, sanitised as the area's pages do. */
  readonly renderMarkdown: (markdown: string) => Promise<string>;
  /** Uploads an image for the image field of that dotted name ("presenters.avatar"). */
  readonly uploadImage: (field: string, file: File) => Promise<{ id: string; width: number; height: number }>;
}

/**
 * What reference fields may name, by target ("showcase/session"), for the entry's area (the API's
 * `references`); given once around the form rather than through every nested group.
 */
export const ReferenceChoices = createContext<{
  readonly area: string;
  readonly choices: Readonly<Record<string, readonly ReferenceChoice[]>>;
}>({ area: '', choices: {} });

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));
/** A number as typed: a number once it reads as one, the text otherwise (the API then says what is wrong). */
const numberOf = (raw: string): unknown =>
  raw.trim() === '' ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw;

function MarkdownPreview({
  markdown,
  render,
}: {
  readonly markdown: string;
  readonly render: FieldProps['renderMarkdown'];
}) {
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      render(markdown).then(
        (rendered) => {
          if (live) {
            setHtml(rendered);
            setFailed(false);
          }
        },
        () => live && setFailed(true),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [markdown, render]);
  return (
    <div className={styles.markdownPreview}>
      <p className={styles.previewLabel}>Preview</p>
      {failed ? (
        <p>The preview could not be rendered just now.</p>
      ) : (
        // Rendered and sanitised by the API (the pages' own pipeline): no script, no javascript: links.
        <div dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </div>
  );
}

/** A file input that uploads at once; the API checks the bytes and says what is wrong. */
function ImageUpload({
  id,
  current,
  upload,
}: {
  readonly id: string;
  readonly current?: string;
  readonly upload: (file: File) => Promise<void>;
}) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  return (
    <div className={styles.field}>
      <p className={styles.help}>{current ? `Current image: ${current}.` : 'No image yet.'}</p>
      <label htmlFor={`${id}-file`}>
        {current ? 'Replace the image' : 'Upload an image'} (JPEG, PNG, WebP, GIF or SVG, up to 10 MB)
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml"
        disabled={state.busy}
        aria-invalid={state.error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setState({ busy: true });
          upload(file).then(
            () => setState({ busy: false }),
            (failure: unknown) =>
              setState({ busy: false, error: failure instanceof Error ? failure.message : String(failure) }),
          );
        }}
      />
      {state.busy && <p role="status">Uploading…</p>}
      {state.error && <p className={styles.fieldError}>{state.error}</p>}
    </div>
  );
}

/** The inputs of a group of fields (an entry, or one item of a list). */
export function FieldGroup({
  fields,
  prefix,
  data,
  onChange,
  errors,
  renderMarkdown,
  uploadImage,
}: {
  readonly fields: readonly FieldJson[];
  readonly prefix: string;
  readonly data: Data;
  readonly onChange: (data: Data) => void;
  readonly errors: Readonly<Record<string, string>>;
  readonly renderMarkdown: FieldProps['renderMarkdown'];
  readonly uploadImage: FieldProps['uploadImage'];
}) {
  return (
    <>
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          path={prefix ? `${prefix}.${field.name}` : field.name}
          value={data[field.name]}
          onChange={(value) => {
            const next = { ...data };
            if (value === undefined) delete next[field.name];
            else next[field.name] = value;
            onChange(next);
          }}
          errors={errors}
          renderMarkdown={renderMarkdown}
          uploadImage={uploadImage}
        />
      ))}
    </>
  );
}

/** What every field's input carries: its id, the ids that describe it, its label, help and error. */
interface Frame {
  readonly id: string;
  readonly error: string | undefined;
  readonly described: string | undefined;
  readonly common: {
    readonly id: string;
    readonly name: string;
    readonly 'aria-invalid': true | undefined;
    readonly 'aria-describedby': string | undefined;
    readonly required: boolean;
  };
  readonly label: string;
  readonly help: ReactNode;
  readonly errorText: ReactNode;
}

function frameOf(field: FieldJson, path: string, errors: FieldProps['errors']): Frame {
  const id = inputId(path);
  const error = errors[path];
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    id,
    error,
    described,
    common: {
      id,
      name: path,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described,
      required: !field.optional,
    },
    label: `${field.label}${field.optional ? ' (optional)' : ''}`,
    help: field.help && (
      <p id={helpId} className={styles.help}>
        {field.help}
      </p>
    ),
    errorText: error && (
      <p id={errorId} className={styles.fieldError}>
        {error}
      </p>
    ),
  };
}

type KindProps<K extends FieldJson['kind']> = FieldProps & {
  readonly field: Extract<FieldJson, { kind: K }>;
  readonly frame: Frame;
};

/** A list of items, each a group of the declared fields, with add and remove. */
function ListInput({ field, path, value, onChange, errors, renderMarkdown, uploadImage, frame }: KindProps<'list'>) {
  const items = Array.isArray(value) ? (value as Data[]) : [];
  const setItems = (next: Data[]) => onChange(next.length > 0 || !field.optional ? next : undefined);
  return (
    <fieldset className={styles.list} aria-describedby={frame.described}>
      <legend>{frame.label}</legend>
      {frame.help}
      {frame.errorText}
      {items.map((item, index) => (
        <div key={index} className={styles.item}>
          <p className={styles.itemTitle}>
            {field.itemLabel} {index + 1}
          </p>
          <FieldGroup
            fields={field.of}
            prefix={`${path}.${index}`}
            data={item ?? {}}
            onChange={(next) => setItems(items.map((old, at) => (at === index ? next : old)))}
            errors={errors}
            renderMarkdown={renderMarkdown}
            uploadImage={uploadImage}
          />
          <Button variant="secondary" type="button" onClick={() => setItems(items.filter((_, at) => at !== index))}>
            Remove {field.itemLabel.toLowerCase()} {index + 1}
          </Button>
        </div>
      ))}
      {(field.maxItems === undefined || items.length < field.maxItems) && (
        <Button variant="secondary" type="button" onClick={() => setItems([...items, {}])}>
          Add {field.itemLabel.toLowerCase()}
        </Button>
      )}
    </fieldset>
  );
}

function BooleanInput({ field, value, onChange, frame }: KindProps<'boolean'>) {
  return (
    <div className={styles.check}>
      <input
        {...frame.common}
        required={false}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(event.target.checked ? true : field.optional ? undefined : false)}
      />
      <label htmlFor={frame.id}>{frame.label}</label>
      {frame.help}
      {frame.errorText}
    </div>
  );
}

/** A wall time and the zone it is read in, saved as an instant with its offset. */
function DateTimeInput({ field, path, value, onChange, errors, frame }: KindProps<'dateTime'>) {
  const { id, error } = frame;
  const object = (value ?? {}) as Data;
  const wall = wallTime(text(object.at)) || text(object.at);
  const zone = text(object.timeZone);
  const set = (nextWall: string, nextZone: string) =>
    onChange(
      !nextWall && !nextZone && field.optional
        ? undefined
        : // As typed when it cannot be written with an offset yet: the API then says what is missing.
          { at: zonedInstant(nextWall, nextZone) ?? nextWall, timeZone: nextZone },
    );
  const atError = errors[`${path}.at`];
  const zoneError = errors[`${path}.timeZone`];
  return (
    <fieldset className={styles.group} aria-describedby={frame.described}>
      <legend>{frame.label}</legend>
      {frame.help}
      <div className={styles.field}>
        <label htmlFor={`${id}-at`}>Date and time (in the time zone below)</label>
        <input
          id={`${id}-at`}
          type="datetime-local"
          value={wall}
          aria-invalid={atError || error ? true : undefined}
          onChange={(event) => set(event.target.value, zone)}
        />
        {atError && <p className={styles.fieldError}>{atError}</p>}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-timeZone`}>Time zone</label>
        <select
          id={`${id}-timeZone`}
          value={zone}
          aria-invalid={zoneError || error ? true : undefined}
          onChange={(event) => set(wall, event.target.value)}
        >
          <option value="">Choose…</option>
          {zone && !TIME_ZONES.includes(zone) && <option value={zone}>{zone}</option>}
          {TIME_ZONES.map((name) => (
            <option key={name} value={name}>
              {name.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        {zoneError && <p className={styles.fieldError}>{zoneError}</p>}
      </div>
      {typeof object.at === 'string' && zonedInstant(wall, zone) && (
        <p className={styles.help}>Saved as {object.at}.</p>
      )}
      {frame.errorText}
    </fieldset>
  );
}

/** A value of parts: coordinates (latitude, longitude), or an uploaded image and its text. */
function PartsInput({ field, path, value, onChange, errors, uploadImage, frame }: KindProps<'coordinates' | 'image'>) {
  const { id, error } = frame;
  const object = (value ?? {}) as Data;
  const parts: { key: string; label: string; type: string; readOnly?: boolean }[] =
    field.kind === 'coordinates'
      ? [
          { key: 'lat', label: 'Latitude', type: 'number' },
          { key: 'lng', label: 'Longitude', type: 'number' },
        ]
      : [{ key: 'alt', label: 'Alternative text: what the image shows', type: 'text' }];
  const set = (key: string, raw: string) => {
    const next = { ...object, [key]: field.kind === 'coordinates' ? numberOf(raw) : raw };
    onChange(
      Object.values(next).every((part) => part === undefined || part === '') && field.optional ? undefined : next,
    );
  };
  return (
    <fieldset className={styles.group} aria-describedby={frame.described}>
      <legend>{frame.label}</legend>
      {frame.help}
      {field.kind === 'image' && (
        <ImageUpload
          id={id}
          current={value ? `${text(object.width)}×${text(object.height)} pixels` : undefined}
          upload={(file) =>
            uploadImage(path.replace(/\.\d+(?=\.|$)/g, ''), file).then(({ id: imageId, width, height }) =>
              onChange({ id: imageId, alt: text(object.alt), width, height }),
            )
          }
        />
      )}
      {(field.kind !== 'image' || value !== undefined) &&
        parts.map((part) => (
          <div key={part.key} className={styles.field}>
            <label htmlFor={`${id}-${part.key}`}>{part.label}</label>
            <input
              id={`${id}-${part.key}`}
              type={part.type}
              step={part.type === 'number' ? 'any' : undefined}
              value={text(object[part.key])}
              aria-invalid={errors[`${path}.${part.key}`] || error ? true : undefined}
              onChange={(event) => set(part.key, event.target.value)}
            />
            {errors[`${path}.${part.key}`] && <p className={styles.fieldError}>{errors[`${path}.${part.key}`]}</p>}
          </div>
        ))}
      {frame.errorText}
    </fieldset>
  );
}

/** A select of the published entries a reference may name. */
function ReferenceSelect({ field, value, onChange, frame }: KindProps<'reference'>) {
  const references = useContext(ReferenceChoices);
  const target = field.to.includes('/') ? field.to : `${references.area}/${field.to}`;
  const choices = references.choices[target] ?? [];
  const current = text(value);
  return (
    <select {...frame.common} value={current} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">{field.optional ? '(none)' : 'Choose…'}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.title}
        </option>
      ))}
      {/* Kept, not silently dropped, when what it names is no longer published. */}
      {current && !choices.some((choice) => choice.id === current) && (
        <option value={current}>{current} (not published now)</option>
      )}
    </select>
  );
}

type SingleField = Exclude<FieldJson, { kind: 'list' | 'boolean' | 'dateTime' | 'coordinates' | 'image' }>;

/** The one control of a field held in a single value: a select, a text area or an input. */
function SingleControl(props: FieldProps & { readonly field: SingleField; readonly frame: Frame }) {
  const { field, value, onChange, frame } = props;
  if (field.kind === 'reference') return <ReferenceSelect {...props} field={field} />;
  if (field.kind === 'select')
    return (
      <select {...frame.common} value={text(value)} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{field.optional ? '(none)' : 'Choose…'}</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  if (field.kind === 'longText' || field.kind === 'markdown')
    return (
      <textarea
        {...frame.common}
        rows={field.kind === 'markdown' ? 12 : 4}
        value={text(value)}
        onChange={(event) => onChange(event.target.value === '' && field.optional ? undefined : event.target.value)}
      />
    );
  const type =
    field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : 'text';
  return (
    <input
      {...frame.common}
      type={type}
      inputMode={field.kind === 'url' ? 'url' : undefined}
      step={field.kind === 'number' ? (field.integer ? 1 : 'any') : undefined}
      value={text(value)}
      onChange={(event) =>
        onChange(
          field.kind === 'number'
            ? numberOf(event.target.value)
            : event.target.value === '' && field.optional
              ? undefined
              : event.target.value,
        )
      }
    />
  );
}

/** One declared field's input, its label, help and error. */
export function FieldInput(props: FieldProps) {
  const { field, path, value, errors, renderMarkdown } = props;
  const frame = frameOf(field, path, errors);
  if (field.kind === 'list') return <ListInput {...props} field={field} frame={frame} />;
  if (field.kind === 'boolean') return <BooleanInput {...props} field={field} frame={frame} />;
  if (field.kind === 'dateTime') return <DateTimeInput {...props} field={field} frame={frame} />;
  if (field.kind === 'coordinates' || field.kind === 'image')
    return <PartsInput {...props} field={field} frame={frame} />;
  return (
    <div className={styles.field}>
      <label htmlFor={frame.id}>{frame.label}</label>
      {frame.help}
      <SingleControl {...props} field={field} frame={frame} />
      {frame.errorText}
      {field.kind === 'markdown' && <MarkdownPreview markdown={text(value)} render={renderMarkdown} />}
    </div>
  );
}
