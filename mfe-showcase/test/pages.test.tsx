import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

// The pages are lazy chunks; load them once up front so the first render is not a race with
// compiling them on a busy machine.
beforeAll(() => Promise.all([import('../src/pages/InnovationsPage'), import('../src/pages/PresentationsPage')]));

describeAreaPages('showcase', pages);
