import { MongoStore } from '../src/store';
import { storeContract } from './helpers/store-contract';
import { describeStore, mongoCase } from './helpers/stores';

// Runs only with MONGODB_URI (CI points it at FerretDB); otherwise describeStore skips it
// with a warning, because there is no MongoDB-wire server to talk to.
describeStore(mongoCase, 'storage contract', () => storeContract(mongoCase));

describe('MongoDB adapter without a server', () => {
  // Port 9 (discard) has nothing listening here: the driver must give up quickly, not hang.
  const store = new MongoStore({ uri: 'mongodb://127.0.0.1:9/wpc_unreachable', serverSelectionTimeoutMS: 300 });
  afterAll(() => store.close());

  it('reports itself unhealthy and refuses writes as unavailable', async () => {
    expect(await store.health()).toMatchObject({ ok: false });
    await expect(
      store.submissions.insert({
        form: 'notifyme',
        variant: 'notify',
        fields: {},
        files: [],
        page: null,
        receivedAt: new Date(),
      }),
    ).rejects.toMatchObject({ name: 'StoreUnavailableError' });
  });

  it('keeps credentials out of its description', () => {
    const secret = new MongoStore({ uri: 'mongodb://user:hunter2@127.0.0.1:9/wpc' });
    expect(secret.description).not.toContain('hunter2');
    return secret.close();
  });
});
