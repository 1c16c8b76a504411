import { submitForm } from '@wpc/shared/api-client';

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
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ firstName: 'Ada', subscribe: true, pilot: false });
    expect(response.status).toBe(200);
  });

  it('sends feedback as multipart with string flags and repeated files, with credentials', async () => {
    const one = new File(['a'], 'one.pdf', { type: 'application/pdf' });
    const two = new File(['b'], 'two.png', { type: 'image/png' });
    await submitForm('feedback', { pageName: 'feedback', firstName: 'Ada', subscribe: false, scorecardForm: true, files: [one, two] });
    const [url, init] = lastCall();
    expect(url).toBe('/api/submit-feedback-form');
    expect(init.credentials).toBe('include');
    expect(init.headers).toBeUndefined();
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
});
