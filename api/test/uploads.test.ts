import { Readable } from 'node:stream';
import request from 'supertest';
import { endpointPath, FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES } from '@wpc/shared/schemas';
import { leftovers } from './helpers/config';
import { goodUploads, HONEYPOT_FIELD, person, samples } from './helpers/fixtures';
import { useHarness } from './helpers/harness';
import { describeStore, storeCases } from './helpers/stores';

const FEEDBACK = endpointPath('feedback');
const fields: Record<string, string> = {
  ...person,
  pageName: 'feedback',
  organization: 'Town of Paradise',
  role: 'Planner',
  zipCode: '95969',
  subscribe: 'true',
  scorecardForm: 'false',
  message: 'Our scorecard is attached.',
  links: 'https://example.org/large-map.pdf',
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A PDF of exactly `size` bytes: a real header, then padding. */
function pdfOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  samples.pdf.copy(bytes);
  return bytes;
}

// Every case runs on the embedded store; the MongoDB case runs only with MONGODB_URI (CI sets it
// to FerretDB) and is otherwise skipped with a warning, never faked.
for (const storeCase of storeCases) {
  describeStore(storeCase, 'feedback uploads', () => {
    const h = useHarness(storeCase);

    function feedback(values: Record<string, string> = fields) {
      const req = request(h.app).post(FEEDBACK);
      for (const [name, value] of Object.entries(values)) void req.field(name, value);
      return req;
    }

    async function expectNothingLeft() {
      expect(await h.store.submissions.list()).toEqual([]);
      expect(await h.store.files.list()).toEqual([]);
      expect(await leftovers(h.config)).toEqual([]);
    }

    it('stores the fields and every accepted file type, with sanitised names and sniffed types', async () => {
      // Eleven accepted extensions and a hostile name: two submissions, as the limit is ten files.
      const batches = [goodUploads.slice(0, 6), goodUploads.slice(6)];
      for (const batch of batches) {
        const req = feedback();
        for (const upload of batch) void req.attach('files', upload.bytes, upload.name);
        if (batch === batches[1]) void req.attach('files', samples.pdf, '../../etc/évaluation finale.pdf');
        const res = await req;
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ok: true });
      }

      const submissions = await h.store.submissions.list();
      expect(submissions).toHaveLength(2);
      const stored = { ...submissions[1]!, files: submissions.flatMap((s) => s.files) };
      expect(stored).toMatchObject({
        form: 'feedback',
        variant: 'feedback',
        page: 'feedback',
        fields: { ...fields, subscribe: true, scorecardForm: false },
      });
      // Extensions are stored in lower case.
      const expectedNames = goodUploads.map((upload) => upload.name.replace('.JPEG', '.jpeg'));
      expect(stored!.files.map((file) => file.name)).toEqual([...expectedNames, 'évaluation finale.pdf']);
      expect(stored!.files.find((file) => file.name === 'notes.docx')?.contentType).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const png = stored!.files.find((file) => file.name === 'chart.png')!;
      expect(png).toMatchObject({ contentType: 'image/png', size: samples.png.length });
      const opened = await h.store.files.open(png.id);
      expect((await readAll(opened!.stream)).equals(samples.png)).toBe(true);
      expect(await leftovers(h.config)).toEqual([]);
    });

    it('accepts feedback without files, as multipart or as JSON', async () => {
      expect((await feedback()).status).toBe(200);
      const json = await request(h.app)
        .post(FEEDBACK)
        .send({ ...fields, subscribe: true, scorecardForm: false });
      expect(json.status).toBe(200);
      expect((await h.store.submissions.list()).map((s) => s.files)).toEqual([[], []]);
    });

    it('accepts a file of exactly 20 MB', async () => {
      const res = await feedback().attach('files', pdfOfSize(FEEDBACK_MAX_FILE_BYTES), 'exact.pdf');
      expect(res.status).toBe(200);
      const [file] = await h.store.files.list();
      expect(file?.size).toBe(FEEDBACK_MAX_FILE_BYTES);
    }, 60_000);

    it('refuses a file over 20 MB with 413 and a pointer to the Links box, keeping nothing', async () => {
      const res = await feedback()
        .attach('files', samples.png, 'small.png')
        .attach('files', pdfOfSize(FEEDBACK_MAX_FILE_BYTES + 1), 'huge.pdf');
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/20 MB/);
      expect(res.body.error).toMatch(/Links box/);
      await expectNothingLeft();
    }, 60_000);

    it('refuses more than 10 files with 413, keeping nothing', async () => {
      const req = feedback();
      for (let i = 0; i <= FEEDBACK_MAX_FILES; i += 1) void req.attach('files', samples.png, `p${i}.png`);
      const res = await req;
      expect(res.status).toBe(413);
      expect(res.body.error).toMatch(/At most 10 files/);
      await expectNothingLeft();
    });

    it('accepts exactly 10 files', async () => {
      const req = feedback();
      for (let i = 0; i < FEEDBACK_MAX_FILES; i += 1) void req.attach('files', samples.png, `p${i}.png`);
      expect((await req).status).toBe(200);
      expect(await h.store.files.list()).toHaveLength(FEEDBACK_MAX_FILES);
    });

    it('refuses a file type outside the list with 415, keeping nothing', async () => {
      for (const name of ['setup.exe', 'page.html', 'archive.zip', 'no-extension']) {
        const res = await feedback().attach('files', samples.png, 'ok.png').attach('files', samples.exe, name);
        expect(res.status).toBe(415);
        expect(res.body.error).toMatch(/Links box/);
      }
      await expectNothingLeft();
    });

    it('refuses a file whose bytes do not match its extension with 415, keeping nothing', async () => {
      const spoofs: [Buffer, string][] = [
        [samples.html, 'innocent.png'],
        [samples.exe, 'report.pdf'],
        [samples.html, 'logo.svg'],
        [samples.png, 'sheet.xlsx'],
      ];
      for (const [bytes, name] of spoofs) {
        const res = await feedback().attach('files', samples.pdf, 'genuine.pdf').attach('files', bytes, name);
        expect(res.status).toBe(415);
        expect(res.body.file).toBe(name);
      }
      await expectNothingLeft();
    });

    it('refuses invalid fields with 400 even when the files are fine, keeping nothing', async () => {
      const res = await feedback({ ...fields, email: 'nope', subscribe: 'yes' }).attach('files', samples.png, 'a.png');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'subscribe']);
      await expectNothingLeft();
    });

    it('refuses bracket-notation objects and repeated fields where text is expected', async () => {
      const { email: _email, ...rest } = fields;
      const nested = await feedback(rest).field('email[$gt]', '').attach('files', samples.png, 'a.png');
      expect(nested.status).toBe(400);
      expect(Object.keys(nested.body.fields)).toEqual(['email']);
      const repeated = await feedback().field('firstName', 'Eve');
      expect(repeated.status).toBe(400);
      expect(Object.keys(repeated.body.fields)).toEqual(['firstName']);
      await expectNothingLeft();
    });

    it('refuses files sent under another field name', async () => {
      const res = await feedback().attach('attachment', samples.png, 'a.png');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/"files"/);
      await expectNothingLeft();
    });

    it('answers a filled-in honeypot with 200 and keeps nothing, files included', async () => {
      const res = await feedback({ ...fields, [HONEYPOT_FIELD]: 'buy now' }).attach('files', samples.png, 'a.png');
      expect(res.status).toBe(200);
      await expectNothingLeft();
    });

    it('answers a part without a name with 400, not 413, keeping nothing', async () => {
      const boundary = 'XyZ';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--${boundary}--\r\n`;
      const res = await request(h.app)
        .post(FEEDBACK)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/field name/);
      await expectNothingLeft();
    });

    it('answers a truncated multipart body with 400, keeping nothing', async () => {
      const boundary = 'XyZ';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAda\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const res = await request(h.app)
        .post(FEEDBACK)
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(Buffer.concat([Buffer.from(body), samples.png]));
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/json');
      await expectNothingLeft();
    });
  });

  // Issue 31 item 8: quotas, each answered with a clear 4xx, keeping nothing of the refused request.
  describeStore(storeCase, 'upload quotas', () => {
    const MB = 1024 * 1024;
    const h = useHarness(storeCase, { uploads: { perAddressDailyMb: 3, maxTotalBytes: 5 * MB } });
    const send = (name: string, size: number) => {
      const req = request(h.app).post(FEEDBACK);
      for (const [field, value] of Object.entries(fields)) void req.field(field, value);
      return req.attach('files', pdfOfSize(size), name);
    };

    it('stops one address at its daily quota with 429 and a pointer to the Links box; the files stay out', async () => {
      expect((await send('a.pdf', 2 * MB)).status).toBe(200);
      // /api/health shows what the uploads take.
      expect((await request(h.app).get('/api/health')).body.storage).toEqual({ uploadsBytes: 2 * MB });
      const refused = await send('b.pdf', 2 * MB);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/3 MB a day/);
      expect(refused.body.error).toMatch(/Links box/);
      expect((await h.store.files.list()).map((file) => file.name)).toEqual(['a.pdf']);
      expect(await h.store.submissions.list()).toHaveLength(1);
      expect(await leftovers(h.config)).toEqual([]);
      // What was refused is not counted: a file that fits the rest of the day's quota is taken.
      expect((await send('c.pdf', MB - 1)).status).toBe(200);
    });

    it('refuses files once all stored uploads would pass the total quota, with 413, keeping nothing', async () => {
      const other = await h.store.files.save(Readable.from([Buffer.alloc(4 * MB, 1)]), {
        name: 'earlier.pdf',
        contentType: 'application/pdf',
      });
      expect(await h.store.files.totalBytes()).toBe(other.size);
      const refused = await send('big.pdf', 2 * MB);
      expect(refused.status).toBe(413);
      expect(refused.body.error).toMatch(/storage for uploads is full/);
      expect((await h.store.files.list()).map((file) => file.name)).toEqual(['earlier.pdf']);
      expect(await h.store.submissions.list()).toEqual([]);
      expect(await leftovers(h.config)).toEqual([]);
    });
  });
}
