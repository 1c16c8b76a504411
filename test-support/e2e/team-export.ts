import type { APIRequestContext } from '@playwright/test';

/** The team export's token in end-to-end runs; playwright.config.ts gives the API the same one. */
export const E2E_ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? 'e2e-admin-token-of-at-least-32-characters';

export interface ExportedSubmission {
  readonly id: string;
  readonly form: string;
  readonly variant: string;
  readonly page: string | null;
  readonly receivedAt: string;
  readonly fields: Record<string, string | boolean>;
  readonly files: readonly {
    readonly id: string;
    readonly name: string;
    readonly size: number;
    readonly contentType: string;
  }[];
}

/** Every stored submission of one endpoint kind, read back through the team export (JSON). */
export async function exportedSubmissions(request: APIRequestContext, kind: string): Promise<ExportedSubmission[]> {
  const response = await request.get(`/api/admin/submissions?form=${encodeURIComponent(kind)}&format=json`, {
    headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  if (response.status() !== 200)
    throw new Error(`The team export answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as ExportedSubmission[];
}
