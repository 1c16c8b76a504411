import type { ChangeEvent, ReactNode, RefObject } from 'react';
import type { FieldDefinition } from '@wpc/shared/form-definitions';
import { FILE_ACCEPT, MAX_FILE_MB } from './files';
import styles from './forms.module.css';

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export interface FormEntryProps {
  readonly field: FieldDefinition;
  readonly id: string;
  /** What the field holds (text fields only). */
  readonly text: string;
  /** What the server found wrong with it in a post sent without scripts. */
  readonly fieldError: string | undefined;
  readonly onEdit: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  readonly fileInput: RefObject<HTMLInputElement | null>;
  readonly fileError: string;
  readonly onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}

function Label({ field, id }: { readonly field: FieldDefinition; readonly id: string }) {
  return (
    <label htmlFor={id} className={styles.label}>
      {field.label}
      {field.required ? <span className={styles.required}> (required)</span> : null}
    </label>
  );
}

function FilesEntry({ field, id, fileInput, fileError, onFiles }: FormEntryProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={styles.wide}>
      <Label field={field} id={id} />
      <p id={hintId} className={styles.hint}>
        Images, PDFs, documents, presentations and spreadsheets ({FILE_ACCEPT.replaceAll(',', ', ')}), up to{' '}
        {MAX_FILE_MB} MB each. For larger files or other types, paste a link in the Links box instead.
      </p>
      <input
        ref={fileInput}
        id={id}
        name={field.name}
        type="file"
        multiple
        accept={FILE_ACCEPT}
        aria-describedby={hintId}
        aria-invalid={fileError ? true : undefined}
        onChange={onFiles}
        className={styles.file}
      />
      {fileError ? (
        <p role="alert" className={styles.fieldError}>
          {fileError}
        </p>
      ) : null}
    </div>
  );
}

function TextareaEntry({ field, id, text, fieldError, onEdit, errorText }: FormEntryProps & { errorText: ReactNode }) {
  const hintId = field.name === 'links' ? `${id}-hint` : undefined;
  return (
    <div className={styles.wide}>
      <Label field={field} id={id} />
      {hintId ? (
        <p id={hintId} className={styles.hint}>
          Links to shared folders or large files, one per line.
        </p>
      ) : null}
      <textarea
        id={id}
        name={field.name}
        rows={field.name === 'links' ? 3 : 4}
        maxLength={field.maxLength}
        aria-describedby={describedBy(hintId, fieldError && `${id}-error`)}
        aria-invalid={fieldError ? true : undefined}
        value={text}
        onChange={onEdit}
        className={styles.input}
      />
      {errorText}
    </div>
  );
}

/** One entry of the form's grid (a checkbox is a flag, apart): a hidden value, the files, a text box or an input. */
export function FormEntry(props: FormEntryProps) {
  const { field, id, text, fieldError, onEdit } = props;
  if (field.type === 'hidden') return <input type="hidden" name={field.name} value={text} />;
  if (field.type === 'files') return <FilesEntry {...props} />;
  const errorId = `${id}-error`;
  const errorText = fieldError ? (
    <p id={errorId} className={styles.fieldError}>
      {fieldError}
    </p>
  ) : null;
  if (field.type === 'textarea') return <TextareaEntry {...props} errorText={errorText} />;
  return (
    <div className={styles.field}>
      <Label field={field} id={id} />
      <input
        id={id}
        name={field.name}
        type={field.type}
        required={field.required}
        minLength={field.minLength}
        maxLength={field.maxLength}
        autoComplete={field.autoComplete}
        aria-describedby={describedBy(fieldError && errorId)}
        aria-invalid={fieldError ? true : undefined}
        value={text}
        onChange={onEdit}
        className={styles.input}
      />
      {errorText}
    </div>
  );
}
