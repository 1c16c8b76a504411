/**
 * The counting (issue 40): page views, outcomes and reach, as counters per day. A view's
 * dimensions are bounded values (visit.ts); a visitor is counted once a day by a hash of the
 * day's salt, the address and the user agent, kept only for the day; bots count nothing, and a
 * visitor who asks not to be tracked (Sec-GPC: 1 or DNT: 1) counts as a view only.
 *
 * Counts are added up in memory and written every FLUSH_MS, one call per day's keys: a page view
 * costs no store call of its own (only a new visitor's hash does), and each process writes only
 * its own copies of the counters (records/impact/record.ts).
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import type { FormId } from '@wpc/shared/schemas';
import { FORMS } from '@wpc/shared/schemas';
import type { ImpactOutcome, ReachKind } from '@wpc/shared/team/impact-schemas';
import { TOTAL_DAY, type CounterKey, type ImpactRepository, type Increment } from '../records/impact';
import type { StoredSubmission } from '../records/submissions';
import { placeOf } from './reach';
import { campaignValue, deviceClass, pageRoute, referrerDomain, UPDATE_LINK_UTM, type Utm } from './visit';

const FLUSH_MS = 1000;

/** One page view as the edge or a beacon reports it. */
export interface Visit {
  /** The page's path. */
  readonly path: string;
  readonly referrer?: string;
  readonly utm: Utm;
  /** The visitor's address and user agent: hashed for the day's uniques, never kept. */
  readonly ip: string;
  readonly userAgent: string;
  /** Sec-GPC: 1 or DNT: 1: a view, never a unique visitor. */
  readonly optedOut: boolean;
}

/** Whether a view was counted, and why not. */
export type Counted = 'counted' | 'bot' | 'not-a-page';

export interface ImpactCounter {
  view(visit: Visit): Promise<Counted>;
  /** An outcome the API or a beacon saw; with the form it concerns, or the update's campaign. */
  outcome(outcome: ImpactOutcome, detail?: { readonly form?: FormId; readonly campaign?: string }): void;
  /** A submission's outcomes and reach (forms sent, download forms, pilots, collaborations). */
  submitted(submission: Pick<StoredSubmission, 'variant' | 'fields'>): void;
  /** One more of `kind` where the code is (its county and state, or province, or unknown). */
  reach(kind: ReachKind, code: string | undefined): void;
  /** A bot's user agent (isbot), or none at all. */
  isBot(userAgent: string | undefined): boolean;
  /** Writes what is counted so far (a report does first, and a stopping server). */
  flush(): Promise<void>;
  /** Forgets the days before today's visitor hashes and salts (housekeeping, every replica). */
  forgetPastDays(): Promise<number>;
  /** Rolls the past months' counters up, a month a document (housekeeping, any replica). */
  rollUp(): Promise<number>;
}

export interface ImpactCounterOptions {
  readonly store: { readonly impact: ImpactRepository };
  readonly clock?: () => Date;
  readonly logger?: Pick<Logger, 'warn'>;
  /** The site's public origin: a referrer on it is a navigation inside the site. */
  readonly siteOrigin: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const keyText = ({ metric, dim, value }: CounterKey) => `${metric}|${dim}|${value}`;

/** Pilot interest, from the forms' table: each form's checkbox whose name starts with "pilot". */
const PILOT_FLAGS: ReadonlyMap<FormId, string> = new Map(
  Object.values(FORMS).flatMap((form) =>
    form.fields
      .filter((field) => field.type === 'checkbox' && /^pilot/.test(field.name))
      .map((field) => [form.id, field.name] as const),
  ),
);

/** Counts added up in memory per day, until the next flush. */
class Pending {
  private days = new Map<string, Map<string, Increment>>();

  add(day: string, keys: readonly CounterKey[], by = 1): void {
    let pending = this.days.get(day);
    if (!pending) this.days.set(day, (pending = new Map()));
    for (const key of keys) {
      const text = keyText(key);
      const seen = pending.get(text);
      pending.set(text, { key, by: (seen?.by ?? 0) + by });
    }
  }

  take(): Map<string, Map<string, Increment>> {
    const taken = this.days;
    this.days = new Map();
    return taken;
  }

  get empty(): boolean {
    return this.days.size === 0;
  }
}

export function impactCounter({
  store,
  clock = () => new Date(),
  logger,
  siteOrigin,
}: ImpactCounterOptions): ImpactCounter {
  const siteHost = new URL(siteOrigin).hostname.toLowerCase();
  const pending = new Pending();
  const salts = new Map<string, Promise<string>>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const saltOf = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salts.clear(); // yesterday's salt is discarded with the day
      salt = store.impact.salt(day);
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  };

  async function writePending(): Promise<void> {
    for (const [day, increments] of pending.take()) {
      try {
        await store.impact.add(day, [...increments.values()]);
      } catch (error) {
        // Not tried again: a call that timed out may still have been written, and a count twice
        // is worse than a second's counts missing from an estimate.
        logger?.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'impact counts lost',
        );
      }
    }
  }

  const flush = () => {
    flushing = flushing.then(writePending);
    return flushing;
  };

  const count = (keys: readonly CounterKey[], days: readonly string[] = [dayOf(clock())]) => {
    for (const day of days) pending.add(day, keys);
    timer ??= setTimeout(() => {
      timer = undefined;
      void flush();
    }, FLUSH_MS).unref();
  };

  const outcome: ImpactCounter['outcome'] = (name, detail = {}) => {
    const keys: CounterKey[] = [{ metric: name, dim: 'all', value: '' }];
    if (detail.form) keys.push({ metric: name, dim: 'form', value: detail.form });
    if (detail.campaign) keys.push({ metric: name, dim: 'campaign', value: detail.campaign });
    count(keys);
  };

  const reach: ImpactCounter['reach'] = (kind, code) => {
    const metric = `reach:${kind}`;
    const place = placeOf(code);
    const keys: CounterKey[] =
      place.length === 0
        ? [{ metric, dim: 'unknown', value: '' }]
        : place.map((region) => ({ metric, dim: region.level, value: region.code }));
    // Per day for the report's periods, and since the beginning for the public reach line.
    count(keys, [dayOf(clock()), TOTAL_DAY]);
  };

  async function uniqueVisitor(day: string, visit: Visit): Promise<boolean> {
    const salt = await saltOf(day);
    const hash = createHash('sha256')
      .update(`${salt}\n${visit.ip}\n${visit.userAgent}`)
      .digest('base64url')
      .slice(0, 22);
    return store.impact.firstSeen(day, hash);
  }

  return {
    async view(visit) {
      if (!visit.userAgent || isbot(visit.userAgent)) return 'bot';
      const route = pageRoute(visit.path);
      if (!route) return 'not-a-page';
      const day = dayOf(clock());
      const keys: CounterKey[] = [
        { metric: 'view', dim: 'all', value: '' },
        { metric: 'view', dim: 'route', value: route },
        { metric: 'view', dim: 'device', value: deviceClass(visit.userAgent) },
      ];
      const domain = referrerDomain(visit.referrer, siteHost);
      if (domain) keys.push({ metric: 'view', dim: 'referrer', value: domain });
      const campaign = campaignValue(visit.utm);
      if (campaign) keys.push({ metric: 'view', dim: 'campaign', value: campaign });
      count(keys);
      const { source, medium, campaign: updateId } = visit.utm;
      if (source === UPDATE_LINK_UTM.source && medium === UPDATE_LINK_UTM.medium && updateId)
        outcome('update-visit', { campaign: updateId });
      if (!visit.optedOut && (await uniqueVisitor(day, visit)))
        count([{ metric: 'visitor', dim: 'all', value: '' }], [day]);
      return 'counted';
    },
    outcome,
    submitted({ variant, fields }) {
      outcome('form-sent', { form: variant });
      const zip = [fields.zipCode, fields.zip].find((value): value is string => typeof value === 'string');
      if (variant === 'download') {
        outcome('download-form-sent');
        reach('download', zip);
      }
      if (variant === 'collab') reach('collaboration', zip);
      const pilot = PILOT_FLAGS.get(variant);
      if (pilot && fields[pilot] === true) reach('pilot', zip);
    },
    reach,
    isBot: (userAgent) => !userAgent || isbot(userAgent),
    flush,
    async forgetPastDays() {
      return store.impact.forgetBefore(dayOf(clock()));
    },
    rollUp: () => store.impact.rollUp(dayOf(clock())),
  };
}
