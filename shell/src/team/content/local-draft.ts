import type { ContentArea } from '@wpc/shared/content-model';
import type { Data } from './FieldInput';

export interface Draft {
  readonly slug: string;
  readonly data: Data;
}

/** What the browser keeps of an entry being edited: the draft, and the version it was made on. */
export interface LocalDraft extends Draft {
  readonly baseVersion: number;
  readonly keptAt: string;
}

const localKey = (area: ContentArea, id: string) => `wpc:content-draft:${area}/${id}`;

export function readLocal(area: ContentArea, id: string): LocalDraft | undefined {
  try {
    const raw = window.localStorage.getItem(localKey(area, id));
    return raw ? (JSON.parse(raw) as LocalDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function keepLocal(area: ContentArea, id: string, kept: LocalDraft): void {
  window.localStorage.setItem(localKey(area, id), JSON.stringify(kept));
}

export function forgetLocal(area: ContentArea, id: string): void {
  window.localStorage.removeItem(localKey(area, id));
}
