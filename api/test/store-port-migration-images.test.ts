import { Binary } from 'mongodb';
import { useFixtureDataDir } from './helpers/fixture-data-dir';
import { describeStore, mongoCase, useMongoDatabase } from './helpers/stores';

// Issue 39: a DATA_DIR written by the embedded store of 9668423 (content images in their own two
// tables) opens with the new code, each width migrated into a document of the port's. The fixture
// and what it holds: fixtures/data-dir-9668423-images/README.md. On MongoDB the documents keep
// their shape; the last test reads one written as 9668423's code wrote it.

const fixture = useFixtureDataDir('data-dir-9668423-images');
const { opened, tables } = fixture;

/** The fixture's bytes, as its README says they were made. */
const bytesOf = (seed: number, length: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 256));

it('answers every width of the images stored before the port byte for byte, and drops the old tables', async () => {
  await opened(async (store) => {
    expect(await store.contentImages.file('imgOldA1', 640)).toEqual(bytesOf(1, 300));
    expect(await store.contentImages.file('imgOldA1', 1200)).toEqual(bytesOf(2, 500));
    expect(await store.contentImages.file('imgNewB2', 640)).toEqual(bytesOf(3, 200));
    expect(await store.contentImages.file('imgNewB2', 1200)).toBeNull();
  });
  expect(tables()).not.toContain('content_image_files');
  expect(tables()).not.toContain('content_images__legacy');
});

it('gives the sweep the images uploaded before a time oldest first, and deletes one with its widths', async () => {
  await opened(async (store) => {
    expect(await store.contentImages.uploadedBefore(new Date('2026-12-01T00:00:00.000Z'))).toEqual([
      'imgOldA1',
      'imgNewB2',
    ]);
    expect(await store.contentImages.uploadedBefore(new Date('2026-11-01T00:00:00.000Z'))).toEqual(['imgOldA1']);
    await store.contentImages.delete('imgOldA1');
  });
  await opened(async (store) => {
    expect(await store.contentImages.file('imgOldA1', 640)).toBeNull();
    expect(await store.contentImages.file('imgOldA1', 1200)).toBeNull();
    expect(await store.contentImages.file('imgNewB2', 640)).toEqual(bytesOf(3, 200));
  });
});

describeStore(mongoCase, 'content images written before the port', () => {
  const mongo = useMongoDatabase('wpc_images_before_port');

  it('answers the bytes of a width stored as a Binary, and deletes the image', async () => {
    const uploadedAt = new Date('2026-10-01T09:00:00.000Z');
    const meta = { width: 1200, height: 800, uploadedBy: 'editor@example.org', uploadedAt };
    // As content-images/mongo.ts wrote them at 9668423: a document per width, the bytes a Binary.
    await mongo.db.collection<{ _id: string; bytes: Binary }>('content_images').insertMany([
      { _id: 'imgOldA1/640', bytes: new Binary(bytesOf(1, 300)), ...meta },
      { _id: 'imgOldA1/1200', bytes: new Binary(bytesOf(2, 500)), ...meta },
    ]);
    const images = mongo.store.contentImages;
    expect(await images.file('imgOldA1', 1200)).toEqual(bytesOf(2, 500));
    expect(await images.uploadedBefore(new Date('2026-11-01T00:00:00.000Z'))).toEqual(['imgOldA1']);
    await images.delete('imgOldA1');
    expect(await mongo.db.collection('content_images').countDocuments()).toBe(0);
  });
});
