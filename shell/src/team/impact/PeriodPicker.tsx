import { useState, type FormEvent } from 'react';
import { IMPACT_PERIODS, type ImpactPeriod } from '@wpc/shared/team';
import type { ImpactQuery } from '@wpc/shared/team/impact-schemas';
import { Button } from '@wpc/shared/ui';
import consoleStyles from '../TeamConsole.module.css';
import styles from './ImpactPage.module.css';

export const PERIOD_LABELS: Readonly<Record<ImpactPeriod, string>> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '365d': 'A year',
  custom: 'Custom dates',
};

const isPeriod = (value: string | null): value is ImpactPeriod =>
  (IMPACT_PERIODS as readonly unknown[]).includes(value);

/**
 * The period of the address (?period=…&from=…&to=…); 30 days when it names none. Custom dates are
 * passed on as written: the API checks them against its schema and says what is wrong.
 */
export function queryOf(search: string): ImpactQuery {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  if (!isPeriod(period)) return { period: '30d' };
  if (period !== 'custom') return { period };
  return { period, from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/** The address's query string of a period (custom dates only with a custom period). */
export function searchOf(query: ImpactQuery): string {
  const params = new URLSearchParams({ period: query.period });
  if (query.period === 'custom') {
    params.set('from', query.from ?? '');
    params.set('to', query.to ?? '');
  }
  return params.toString();
}

/**
 * Radio buttons for the period (arrow keys move between them), dates for a custom one; nothing
 * is asked for until "Show". The API checks a custom period and
 * the page shows what it says is wrong.
 */
export function PeriodPicker({
  value,
  onChange,
}: {
  readonly value: ImpactQuery;
  readonly onChange: (query: ImpactQuery) => void;
}) {
  const [period, setPeriod] = useState<ImpactPeriod>(value.period);
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(period === 'custom' ? { period, from, to } : { period });
  };

  return (
    <form aria-label="Period" className={consoleStyles.filters} onSubmit={apply}>
      <fieldset className={`${consoleStyles.wide} ${styles.periods}`}>
        <legend>Period, compared with the one just before it</legend>
        {IMPACT_PERIODS.map((choice) => (
          <label key={choice} className={consoleStyles.check}>
            <input
              type="radio"
              name="period"
              value={choice}
              checked={period === choice}
              onChange={() => setPeriod(choice)}
            />
            {PERIOD_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      {period === 'custom' && (
        <>
          <div className={consoleStyles.field}>
            <label htmlFor="impact-from">First day</label>
            <input id="impact-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className={consoleStyles.field}>
            <label htmlFor="impact-to">Last day</label>
            <input id="impact-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
        </>
      )}
      <div className={consoleStyles.actions}>
        <Button type="submit">Show</Button>
      </div>
    </form>
  );
}
