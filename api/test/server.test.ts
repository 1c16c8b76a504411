import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedStore } from '../src/store';
import { person, samples } from './helpers/fixtures';
import { collect, exitCode, freePort, runTs, waitForOutput } from './helpers/process';

// Each test starts real processes through tsx: slow on a busy machine.
jest.setTimeout(180_000);

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
      SITE_ORIGIN: 'https://www.example.org',
    });
    const output = collect(child);
    try {
      await waitForOutput(child, /API listening/, output);
      expect(output.text).toContain(`using the embedded SQLite store in ${dataDir}`);

      const boundary = 'wpcBoundary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head =
        field('firstName', 'Ada') +
        field('lastName', 'Lovelace') +
        field('email', 'ada@example.org') +
        field('zipCode', '94110') +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/submit-feedback-form',
            headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          },
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
      const [stored] = await store.submissions.list();
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
    await store.submissions.insert({
      form: 'download',
      variant: 'download',
      page: '/',
      files: [],
      fields: {
        ...person,
        zipCode: '94110',
        subscribe: true,
        pilot: false,
      },
      receivedAt: new Date('2025-04-01T00:00:00Z'),
    });
    await store.submissions.insert({
      form: 'notifyme',
      variant: 'notify',
      page: '/showcase/innovations',
      files: [],
      fields: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', zipCode: '10001' },
      receivedAt: new Date('2025-04-02T00:00:00Z'),
    });
    await store.close();
  });

  async function run(args: string[], env: Record<string, string> = {}) {
    const child = runTs('scripts/export.ts', args, { DATA_DIR: dataDir, ...env });
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

const ADMIN_TOKEN = 'chaos-proof-export-token-0123456789abcdef';

/** Starts server.ts on dataDir and resolves once it listens. */
async function startApi(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const child = runTs('src/server.ts', [], {
    API_PORT: String(port),
    DATA_DIR: dataDir,
    UPLOAD_TMP_DIR: path.join(dataDir, 'upload-tmp'),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    SITE_ORIGIN: 'https://www.example.org',
    RATE_LIMIT_MAX: '0',
    ADMIN_TOKEN,
    ...extraEnv,
  });
  const output = collect(child);
  await waitForOutput(child, /API listening/, output);
  return { port, child, output };
}

function postJson(port: number, body: object, key: string): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/api/submit-notifyme-form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  }).then(
    (res) => res.status,
    () => 0,
  );
}

describe('one writer per DATA_DIR', () => {
  it('refuses to start a second API on the same folder, naming the process that holds it', async () => {
    const first = await startApi();
    try {
      const second = runTs('src/server.ts', [], {
        API_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        SITE_ORIGIN: 'https://www.example.org',
      });
      const output = collect(second);
      expect(await exitCode(second)).toBe(1);
      expect(output.text).toContain(`is in use by another API process (pid ${first.child.pid}`);
      expect(output.text).not.toContain('API listening');
      // The first one still works.
      expect(
        await postJson(
          first.port,
          { firstName: 'Ada', lastName: 'L', email: 'ada@example.org', zipCode: '94110' },
          randomUUID(),
        ),
      ).toBe(200);
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  it('starts after a kill -9 of the previous API, whose lock is stale', async () => {
    const first = await startApi();
    first.child.kill('SIGKILL');
    await exitCode(first.child);
    const second = await startApi();
    second.child.kill('SIGTERM');
    expect(await exitCode(second.child)).toBe(0);
  });
});

describe('scripts/export.ts while the API takes writes', () => {
  it('reads through the running API, and every acknowledged submission survives a kill -9 after it', async () => {
    const api = await startApi();
    const acknowledged = new Set<string>();
    let next = 0;
    const TOTAL = 200;
    const writer = async () => {
      while (next < TOTAL) {
        const n = next++;
        const email = `writer-${n}@example.org`;
        if (
          (await postJson(
            api.port,
            { firstName: 'Ada', lastName: 'Lovelace', email, zipCode: '94110' },
            randomUUID(),
          )) === 200
        ) {
          acknowledged.add(email);
        }
      }
    };
    const writers = Promise.all(Array.from({ length: 8 }, writer));
    const exports: { code: number | null; rows: number; stderr: string }[] = [];
    while (next < TOTAL) {
      const child = runTs('scripts/export.ts', ['--format', 'json'], { DATA_DIR: dataDir, ADMIN_TOKEN });
      const output = collect(child);
      const code = await exitCode(child);
      exports.push({
        code,
        rows: code === 0 ? (JSON.parse(output.text) as unknown[]).length : -1,
        stderr: output.errors,
      });
    }
    await writers;
    api.child.kill('SIGKILL');
    await exitCode(api.child);

    expect(exports.length).toBeGreaterThan(0);
    for (const run of exports) {
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/exported through the API at http:\/\/127\.0\.0\.1:/);
    }
    expect(acknowledged.size).toBe(TOTAL);
    const store = new EmbeddedStore(dataDir);
    try {
      const stored = new Set((await store.submissions.list()).map((row) => String(row.fields.email)));
      expect([...acknowledged].filter((email) => !stored.has(email))).toEqual([]);
      expect(stored.size).toBe(TOTAL);
    } finally {
      await store.close();
    }
  });

  it('says how to read through a running API when no valid ADMIN_TOKEN is given', async () => {
    const api = await startApi();
    try {
      const child = runTs('scripts/export.ts', [], { DATA_DIR: dataDir, ADMIN_TOKEN: 'short' });
      const output = collect(child);
      expect(await exitCode(child)).toBe(1);
      expect(output.errors).toMatch(/reads through the running API .*ADMIN_TOKEN is 5 characters long/);
    } finally {
      api.child.kill('SIGKILL');
    }
  });

  it('reads the database of an idle DATA_DIR without changing it', async () => {
    const store = new EmbeddedStore(dataDir);
    await store.submissions.insert({
      form: 'notifyme',
      variant: 'notify',
      page: null,
      files: [],
      fields: { firstName: 'Ada' },
      receivedAt: new Date('2025-04-01T00:00:00Z'),
    });
    await store.close();
    const file = path.join(dataDir, 'store.sqlite');
    const before = await fs.readFile(file);
    const child = runTs('scripts/export.ts', ['--format', 'csv'], { DATA_DIR: dataDir });
    const output = collect(child);
    expect(await exitCode(child)).toBe(0);
    expect(output.text.trim().split('\r\n')).toHaveLength(2);
    expect(output.errors).toContain(`1 submission(s) from the embedded SQLite store in ${dataDir} (read-only)`);
    expect((await fs.readFile(file)).equals(before)).toBe(true);
    expect(await fs.readdir(dataDir)).not.toContain('api.lock');
  });
});

describe('slow clients', () => {
  /** Sends `head` and then nothing more; resolves with what the server answered once it closes. */
  function stall(port: number, head: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = '';
      const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(head));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      // A reset after the answer arrived is still the server cutting the request off.
      socket.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
      );
    });
  }

  it('cuts off a request whose headers or JSON body trickle in, but gives uploads longer', async () => {
    const api = await startApi({ HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '1500', UPLOAD_TIMEOUT_MS: '6000' });
    try {
      const headers = await stall(api.port, 'POST /api/submit-notifyme-form HTTP/1.1\r\nHost: x\r\n');
      expect(headers).toMatch(/^HTTP\/1\.1 408/);

      const json = stall(
        api.port,
        'POST /api/submit-notifyme-form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"firstName":',
      );
      const upload = stall(
        api.port,
        'POST /api/submit-feedback-form HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n',
      );
      const cutAt = { json: 0, upload: 0 };
      const started = Date.now();
      const jsonAnswer = await json.then((text) => ((cutAt.json = Date.now() - started), text));
      expect(jsonAnswer).toMatch(/^HTTP\/1\.1 408/);
      expect(jsonAnswer).toContain('took too long to arrive');
      const uploadAnswer = await upload.then((text) => ((cutAt.upload = Date.now() - started), text));
      expect(uploadAnswer).toMatch(/^HTTP\/1\.1 408/);
      // Ordering, not timing: the upload outlives the JSON body's limit.
      expect(cutAt.upload).toBeGreaterThan(cutAt.json);
    } finally {
      api.child.kill('SIGKILL');
    }
  });
});
