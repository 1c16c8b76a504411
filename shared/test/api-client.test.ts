import { newIdempotencyKey, shareAssessment, submitForm } from '@wpc/shared/api-client';
import type { AssessmentShare } from '@wpc/shared/assessment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('submitForm', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const realBase = process.env.WPC_API_BASE;

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ status: 200 } as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
    delete process.env.WPC_API_BASE;
  });

  afterAll(() => {
    if (realBase === undefined) delete process.env.WPC_API_BASE;
    else process.env.WPC_API_BASE = realBase;
  });

  function lastCall(): [string, RequestInit] {
    const call = fetchMock.mock.calls.at(-1);
    if (!call) throw new Error('fetch was not called');
    return call;
  }

  it.each([
    ['download', '/api/submit-download-form', 'include'],
    ['notify', '/api/submit-notifyme-form', 'omit'],
    ['subscribe', '/api/submit-subscribe-form', 'omit'],
    ['subscribePage', '/api/submit-subscribe-form', 'omit'],
    ['sponsor', '/api/submit-sponsor-form', 'include'],
    ['collab', '/api/submit-collab-form', 'include'],
    ['contact', '/api/submit-contact-form', 'include'],
    ['contactScorecard', '/api/submit-contact-form', 'include'],
    ['support', '/api/submit-support-form', 'include'],
  ] as const)('posts %s as JSON to %s with credentials %s', async (kind, path, credentials) => {
    const response = await submitForm(kind, { firstName: 'Ada', subscribe: true, pilot: false });
    const [url, init] = lastCall();
    expect(url).toBe(path);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe(credentials);
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': expect.stringMatching(UUID),
    });
    expect(JSON.parse(init.body as string)).toEqual({ firstName: 'Ada', subscribe: true, pilot: false });
    expect(response.status).toBe(200);
  });

  it('sends feedback as multipart with string flags and repeated files, with credentials', async () => {
    const one = new File(['a'], 'one.pdf', { type: 'application/pdf' });
    const two = new File(['b'], 'two.png', { type: 'image/png' });
    await submitForm('feedback', {
      pageName: 'feedback',
      firstName: 'Ada',
      subscribe: false,
      scorecardForm: true,
      files: [one, two],
    });
    const [url, init] = lastCall();
    expect(url).toBe('/api/submit-feedback-form');
    expect(init.credentials).toBe('include');
    // No Content-Type: the browser writes it, boundary included.
    expect(init.headers).toEqual({ 'Idempotency-Key': expect.stringMatching(UUID) });
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('pageName')).toBe('feedback');
    expect(body.get('subscribe')).toBe('false');
    expect(body.get('scorecardForm')).toBe('true');
    expect(body.getAll('files').map((file) => (file as File).name)).toEqual(['one.pdf', 'two.png']);
  });

  it('prefixes the API base when one is configured', async () => {
    process.env.WPC_API_BASE = 'http://localhost:5555';
    await submitForm('notify', { firstName: 'Ada' });
    expect(lastCall()[0]).toBe('http://localhost:5555/api/submit-notifyme-form');
  });

  it('hands back a failing response without reading it', async () => {
    const json = jest.fn();
    fetchMock.mockResolvedValue({ status: 500, json } as unknown as Response);
    const response = await submitForm('contact', { firstName: 'Ada' });
    expect(response.status).toBe(500);
    expect(json).not.toHaveBeenCalled();
  });

  const keyOf = (index: number) =>
    (fetchMock.mock.calls[index]![1].headers as Record<string, string>)['Idempotency-Key'];

  it('makes a new Idempotency-Key for each call, or uses the one it is given', async () => {
    await submitForm('contact', { firstName: 'Ada' });
    await submitForm('contact', { firstName: 'Ada' });
    expect(keyOf(0)).not.toBe(keyOf(1));
    await submitForm('contact', { firstName: 'Ada' }, { idempotencyKey: 'attempt-0001' });
    expect(keyOf(2)).toBe('attempt-0001');
  });

  it('retries a 503 once with the same key, and hands back the second answer', async () => {
    fetchMock.mockResolvedValueOnce({ status: 503 } as Response).mockResolvedValueOnce({ status: 200 } as Response);
    const response = await submitForm('sponsor', { firstName: 'Ada' }, { retryDelayMs: 1 });
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(fetchMock.mock.calls[1]![1].body).toBe(fetchMock.mock.calls[0]![1].body);
  });

  it('retries a network error once with the same key, and gives up after that', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(submitForm('feedback', { firstName: 'Ada', files: [] }, { retryDelayMs: 1 })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('does not retry other answers, nor an abort', async () => {
    for (const status of [200, 400, 422, 429, 500]) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValue({ status } as Response);
      expect((await submitForm('contact', { firstName: 'Ada' }, { retryDelayMs: 1 })).status).toBe(status);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError'));
    await expect(submitForm('contact', { firstName: 'Ada' }, { retryDelayMs: 1 })).rejects.toThrow('aborted');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('makes version 4 UUIDs also where crypto.randomUUID is missing (plain-http hosts)', () => {
    const real = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: real, configurable: true });
    }
  });
});

describe('shareAssessment', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  const results: AssessmentShare = { communityType: 'county', country: 'US', scores: { '1a': 3 }, consent: true };

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ status: 200 } as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const headersOf = (index: number) => fetchMock.mock.calls[index]![1].headers as Record<string, string>;

  it('posts the results as JSON, without cookies, with an Idempotency-Key', async () => {
    await shareAssessment(results);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/submit-assessment');
    expect(init.credentials).toBe('omit');
    expect(headersOf(0)).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': expect.stringMatching(UUID),
    });
    expect(JSON.parse(init.body as string)).toEqual(results);
  });

  it('retries a 503 or a network error once with the same key', async () => {
    fetchMock.mockResolvedValueOnce({ status: 503 } as Response).mockResolvedValueOnce({ status: 200 } as Response);
    expect((await shareAssessment(results, { idempotencyKey: 'share-0001', retryDelayMs: 1 })).status).toBe(200);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await shareAssessment(results, { idempotencyKey: 'share-0002', retryDelayMs: 1 });
    expect(fetchMock.mock.calls.map((_, index) => headersOf(index)['Idempotency-Key'])).toEqual([
      'share-0001',
      'share-0001',
      'share-0002',
      'share-0002',
    ]);
  });
});
