import { useCallback } from 'react';
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
  /** Whether the entry was ever published: its slug is then an address, and moves only when edited. */
  readonly published: boolean;
  readonly draft: Draft;
  readonly errors: Readonly<Record<string, string>>;
  readonly change: (next: Draft) => void;
}

const slugOf = (type: ContentTypeJson, data: Draft['data']) => slugify(String(data[type.slugFrom] ?? ''));

/**
 * A new entry's slug follows its title until someone edits it, as in Ghost and Payload: it is
 * following while it is empty or still what the title gives. Once published, the slug is the
 * entry's address and changes only by hand.
 */
const followsTitle = (type: ContentTypeJson, draft: Draft, published: boolean) =>
  !published && (draft.slug === '' || draft.slug === slugOf(type, draft.data));

function SlugField({ type, published, draft, errors, change }: Omit<EntryFieldsProps, 'area' | 'session'>) {
  const id = inputId('slug');
  const source = type.fields.find((field) => field.name === type.slugFrom)?.label.toLowerCase() ?? 'title';
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Slug</label>
      <p id={`${id}-help`} className={styles.help}>
        Lower-case words joined by hyphens: the entry’s address or anchor on the site.
        {!published && ` Until the entry is published, it follows the ${source} unless you edit it.`}
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
        <Button type="button" variant="secondary" onClick={() => change({ ...draft, slug: slugOf(type, draft.data) })}>
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
export function EntryFields({ area, session, type, published, draft, errors, change }: EntryFieldsProps) {
  // One function while the session and area stay: a Markdown preview asks again when its text changes, not on every render.
  const renderMarkdown = useCallback(
    (markdown: string) =>
      contentApi.markdown(session, area, markdown.slice(0, MARKDOWN_PREVIEW_MAX)).then((answer) => answer.html),
    [session, area],
  );
  const changeData = (data: Draft['data']) =>
    change({ slug: followsTitle(type, draft, published) ? slugOf(type, data) : draft.slug, data });
  return (
    <>
      <SlugField type={type} published={published} draft={draft} errors={errors} change={change} />
      <FieldGroup
        fields={type.fields}
        prefix=""
        data={draft.data}
        onChange={changeData}
        errors={errors}
        renderMarkdown={renderMarkdown}
        uploadImage={(field, file) => contentApi.uploadImage(session, area, type.name, field, file)}
      />
    </>
  );
}
