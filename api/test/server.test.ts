import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedStore } from '../src/store';
import { samples } from './helpers/fixtures';
import { collect, exitCode, freePort, runTs, waitForOutput } from './helpers/process';

jest.setTimeout(60_000);

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-server-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('server.ts', () => {
  it('logs the store in use, finishes an in-flight upload on SIGTERM, then closes the store and exits 0', async () => {
    const port = await freePort();
    const uploadTmp = path.join(dataDir, 'tmp');
    await fs.mkdir(uploadTmp);
    const child = runTs('src/server.ts', [], {
      API_PORT: String(port),
      DATA_DIR: dataDir,
      UPLOAD_TMP_DIR: uploadTmp,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    });
    const output = collect(child);
    try {
      await waitForOutput(child, /API listening/, output);
      expect(output.text).toContain(`using the embedded NeDB store in ${dataDir}`);

      const boundary = 'wpcBoundary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head =
        field('firstName', 'Ada') + field('lastName', 'Lovelace') + field('email', 'ada@example.org') + field('zipCode', '94110') +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/submit-feedback-form', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        // Half the request now; the rest only once the server has started shutting down.
        req.write(head);
        req.write(samples.pdf.subarray(0, 10));
        child.stdout.on('data', () => {
          if (/shutting down/.test(output.text) && !req.writableEnded) {
            req.end(Buffer.concat([samples.pdf.subarray(10), Buffer.from(`\r\n--${boundary}--\r\n`)]));
          }
        });
      });
      // The request is in flight once the server has made its temporary upload folder.
      while ((await fs.readdir(uploadTmp)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      child.kill('SIGTERM');

      const res = await response;
      expect(res).toEqual({ status: 200, body: '{"ok":true}' });
      expect(await exitCode(child)).toBe(0);
      expect(output.text).toContain('store closed');
      expect(await fs.readdir(uploadTmp)).toEqual([]);

      const store = new EmbeddedStore(dataDir);
      const [stored] = await store.listSubmissions();
      expect(stored).toMatchObject({ form: 'feedback', fields: { firstName: 'Ada' } });
      expect(stored?.files).toHaveLength(1);
      expect(output.text).not.toContain('ada@example.org');
      await store.close();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('scripts/export.ts', () => {
  beforeEach(async () => {
    const store = new EmbeddedStore(dataDir);
    await store.insertSubmission({
      form: 'download', variant: 'download', page: '/', files: [],
      fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', zipCode: '94110', subscribe: true, pilot: false },
      receivedAt: new Date('2025-04-01T00:00:00Z'),
    });
    await store.insertSubmission({
      form: 'notifyme', variant: 'notify', page: '/showcase/innovations', files: [],
      fields: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', zipCode: '10001' },
      receivedAt: new Date('2025-04-02T00:00:00Z'),
    });
    await store.close();
  });

  async function run(args: string[]) {
    const child = runTs('scripts/export.ts', args, { DATA_DIR: dataDir });
    const output = collect(child);
    const code = await exitCode(child);
    return { code, stdout: output.text, stderr: output.errors };
  }

  it('prints one form as CSV on stdout', async () => {
    const { code, stdout } = await run(['--form', 'download', '--format', 'csv']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"id","form","variant","receivedAt","page","firstName","lastName","email","organization","role","zipCode","message",' +
        '"subscribe","pilot","scorecardForm","otherFields","files"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('ada@example.org');
  });

  it('prints JSON by default and filters by date', async () => {
    const { code, stdout } = await run(['--since', '2025-04-02']);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as { form: string }[];
    expect(rows.map((row) => row.form)).toEqual(['notifyme']);
  });

  it('refuses a bad filter with exit code 2 and says why', async () => {
    const { code, stdout, stderr } = await run(['--form', 'newsletter']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/--form: Use one of/);
  });
});
