import type { ApiConfig } from '../config';
import type { HousekeepingJob } from '../housekeeping';
import type { Store } from '../store';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from './session';

const DAY = 24 * 60 * 60 * 1000;

/** The console's stored data kept bounded: ended sessions and links, and audit entries past their retention. */
export function teamJobs(
  store: Pick<Store, 'sessions' | 'audit'>,
  config: Pick<ApiConfig, 'auditRetentionDays'>,
): HousekeepingJob[] {
  return [
    {
      name: 'team session sweep',
      run: (now) =>
        store.sessions.sweep(
          new Date(now.getTime() - SESSION_IDLE_MS),
          new Date(now.getTime() - SESSION_LIFETIME_MS),
          now,
        ),
    },
    {
      name: 'audit retention',
      run: async (now) => {
        await store.audit.sweep(new Date(now.getTime() - config.auditRetentionDays * DAY));
      },
    },
  ];
}
