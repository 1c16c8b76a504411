import { storeContract } from './helpers/store-contract';
import { describeStore, embeddedCase } from './helpers/stores';

describeStore(embeddedCase, 'storage contract', () => storeContract(embeddedCase));
