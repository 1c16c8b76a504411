import { draftRequestSchema, previewRequestSchema } from '@wpc/shared/updates/schemas';

// The OpenAPI document says maxLength 200 for an update's subject, counted as sent: the contract
// fuzzer found 201 characters with a leading vertical tab accepted, as trimming came first.
describe("an update's subject", () => {
  const request = (subject: string) => ({ subject, body: 'The news.', list: 'showcase' });

  it.each([
    ['the preview', previewRequestSchema],
    ['the draft', draftRequestSchema],
  ])('is refused in %s when it is over 200 characters as sent, even if trimming would shorten it', (_, schema) => {
    expect(schema.safeParse(request('\u000b' + 'x'.repeat(200))).success).toBe(false);
    expect(schema.safeParse(request(' '.repeat(201))).success).toBe(false);
  });

  it('is accepted at 200 characters, and kept trimmed', () => {
    expect(previewRequestSchema.parse(request('x'.repeat(200))).subject).toBe('x'.repeat(200));
    expect(previewRequestSchema.parse(request('  Winter news ')).subject).toBe('Winter news');
  });
});
