import { useEffect, useState } from 'react';
import type { ContentArea, ContentTypeJson } from '@wpc/shared/content-model';
import { usePathname } from '../../location';
import { followLink } from '../navigation';
import type { SignedInProps } from '../session';
import { contentApi } from './api';
import { EntryEditor } from './EntryEditor';
import { ReferenceChoices } from './FieldInput';
import { EntryList } from './EntryList';
import { failureText } from './labels';
import { CONTENT_PATH } from './paths';
import { useAreaContent } from './use-area-content';
import styles from './ContentEditor.module.css';

const AREA_LABELS: Readonly<Record<ContentArea, string>> = {
  home: 'Home and about',
  scorecard: 'Scorecard',
  showcase: 'Showcase',
  map: 'Map',
};

/** Opens one entry with its area's model (the types' fields), read from the area's list answer. */
function EntryPage({ area, id, ...props }: SignedInProps & { readonly area: ContentArea; readonly id: string }) {
  const { content, error } = useAreaContent(props, area);
  if (error)
    return (
      <p className={styles.error} role="alert">
        {error}
      </p>
    );
  if (!content) return <p role="status">Opening the entry…</p>;
  const types = new Map<string, ContentTypeJson>(content.model.types.map((type) => [type.name, type]));
  return (
    <ReferenceChoices.Provider value={{ area, choices: content.references }}>
      <EntryEditor area={area} id={id} type={(name) => types.get(name)} {...props} />
    </ReferenceChoices.Provider>
  );
}

/**
 * The console's Content page (issue 28): the areas this person may edit, each area's entries, and
 * the editor of one entry. Mount it on the console's Content route (/team/content and below),
 * signed in; the API refuses anything the person's roles do not allow (403), this only hides it.
 */
export default function ContentEditor(props: SignedInProps) {
  const pathname = usePathname();
  const [areas, setAreas] = useState<readonly ContentArea[]>();
  const [error, setError] = useState<string>();
  const { session, onSignedOut } = props;

  useEffect(() => {
    let live = true;
    contentApi.areas(session).then(
      (answer) => live && setAreas(answer.areas),
      (failure: unknown) => live && setError(failureText(failure, onSignedOut)),
    );
    return () => {
      live = false;
    };
  }, [session, onSignedOut]);

  const match = CONTENT_PATH.exec(pathname);
  const chosen = match?.[1] as ContentArea | undefined;
  const id = match?.[2];
  const area = chosen ?? (areas?.length === 1 ? areas[0] : undefined);

  return (
    <div className={`wpc-page ${styles.content}`}>
      <h1>Content</h1>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {areas && (
        <nav aria-label="Content areas">
          <ul className={styles.areas}>
            {areas.map((candidate) => {
              const href = `/team/content/${candidate}`;
              return (
                <li key={candidate}>
                  <a href={href} onClick={followLink(href)} aria-current={candidate === area ? 'page' : undefined}>
                    {AREA_LABELS[candidate]}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {!match && <p>The console has no such content page.</p>}
      {areas && area && !areas.includes(area) && (
        <p className={styles.error} role="alert">
          Your roles do not include content of the {area} area. Ask an admin of the console if you need it.
        </p>
      )}
      {areas && area && areas.includes(area) && id && (
        <EntryPage key={`${area}/${id}`} area={area} id={id} {...props} />
      )}
      {areas && area && areas.includes(area) && !id && <EntryList key={area} area={area} {...props} />}
      {areas && !area && areas.length > 1 && <p>Choose an area to see its content.</p>}
      {areas?.length === 0 && <p>Your roles do not include content of any area.</p>}
    </div>
  );
}
