import { followLink } from './navigation';
import styles from './TeamConsole.module.css';

/** A labelled drop-down of named choices (a console field), with an "any" option first when the filters ask for one. */
export function ChoiceField<Choice extends string>({
  id,
  label,
  anyLabel,
  choices,
  labels,
  value,
  onChange,
  className = styles.field,
}: {
  readonly id: string;
  readonly label: string;
  readonly anyLabel?: string;
  readonly choices: readonly Choice[];
  readonly labels: Readonly<Record<Choice, string>>;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A table's column headings, one row. */
export function ColumnHeads({ names }: { readonly names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Links to the page before and after this one of a list kept in the address. */
export function Pager({
  page,
  pages,
  href,
  before,
  after,
}: {
  readonly page: number;
  readonly pages: number;
  readonly href: (page: number) => string;
  readonly before: string;
  readonly after: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className={styles.pager}>
      {page > 1 && (
        <a href={href(page - 1)} onClick={followLink(href(page - 1))}>
          {before}
        </a>
      )}
      {page < pages && (
        <a href={href(page + 1)} onClick={followLink(href(page + 1))}>
          {after}
        </a>
      )}
    </nav>
  );
}
