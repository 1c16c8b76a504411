import { slugify, type ContentArea, type ContentTypeJson } from '@wpc/shared/content-model';
import { MARKDOWN_PREVIEW_MAX } from '@wpc/shared/team';
import { Button } from '@wpc/shared/ui';
import type { TeamSession } from '../api';
import { contentApi } from './api';
import { inputId } from './diff';
import { FieldGroup } from './FieldInput';
import type { Draft } from './local-draft';
import styles from './ContentEditor.module.css';

interface EntryFieldsProps {
  readonly area: ContentArea;
  readonly session: TeamSession;
  readonly type: ContentTypeJson;
  readonly draft: Draft;
  readonly errors: Readonly<Record<string, string>>;
  readonly change: (next: Draft) => void;
}

function SlugField({ type, draft, errors, change }: Omit<EntryFieldsProps, 'area' | 'session'>) {
  const id = inputId('slug');
  const source = type.fields.find((field) => field.name === type.slugFrom)?.label.toLowerCase() ?? 'title';
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Slug</label>
      <p id={`${id}-help`} className={styles.help}>
        Lower-case words joined by hyphens: the entry’s address or anchor on the site.
      </p>
      <div className={styles.inline}>
        <input
          id={id}
          value={draft.slug}
          required
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={`${id}-help${errors.slug ? ` ${id}-error` : ''}`}
          onChange={(event) => change({ ...draft, slug: event.target.value })}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => change({ ...draft, slug: slugify(String(draft.data[type.slugFrom] ?? '')) })}
        >
          Suggest from {source}
        </Button>
      </div>
      {errors.slug && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {errors.slug}
        </p>
      )}
    </div>
  );
}

/** The entry's fields as its content type declares them, after its slug. */
export function EntryFields({ area, session, type, draft, errors, change }: EntryFieldsProps) {
  return (
    <>
      <SlugField type={type} draft={draft} errors={errors} change={change} />
      <FieldGroup
        fields={type.fields}
        prefix=""
        data={draft.data}
        onChange={(data) => change({ ...draft, data })}
        errors={errors}
        renderMarkdown={(markdown) =>
          contentApi.markdown(session, area, markdown.slice(0, MARKDOWN_PREVIEW_MAX)).then((answer) => answer.html)
        }
        uploadImage={(field, file) => contentApi.uploadImage(session, area, type.name, field, file)}
      />
    </>
  );
}
