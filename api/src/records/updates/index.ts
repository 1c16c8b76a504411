import type { UpdateListId } from '@wpc/shared/updates';
import type { UpdateState } from '@wpc/shared/updates/schemas';

/** An update the team writes in the console and sends to one list. */
export interface Update {
  readonly id: string;
  readonly subject: string;
  /** Markdown, as written. */
  readonly body: string;
  readonly list: UpdateListId;
  readonly state: UpdateState;
  readonly createdAt: Date;
  readonly createdBy: string;
  readonly scheduledAt: Date | null;
  /** When sending started: the web version is public from then on. */
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly fromRelease: string | null;
  /** When the team took it out of the public archive (absent on updates stored before there was one). */
  readonly withdrawnAt?: Date | null;
  /** True once every recipient has its delivery record (the fan-out finished). */
  readonly fannedOut: boolean;
  /** Bumped by every change. */
  readonly version: number;
}

export type UpdateChange = (current: Update) => Update | undefined;

export interface UpdateRepository {
  create(update: Update): Promise<void>;
  get(id: string): Promise<Update | null>;
  /** Newest first. */
  list(): Promise<Update[]>;
  /** Reads, changes and writes one update (undefined: no change); null when there is no such update. */
  change(id: string, change: UpdateChange): Promise<Update | null>;
  /** Updates with work for the sender at `now`: scheduled and due, or sending and not fanned out. */
  due(now: Date): Promise<Update[]>;
  /** The ids of the updates being sent (state "sending"): whose deliveries the mail queue may claim. */
  sending(): Promise<string[]>;
  /** Updates whose sending started (the public archive, withdrawn ones too), newest first. */
  published(): Promise<Update[]>;
}
