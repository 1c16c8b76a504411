import { configure } from '@testing-library/react';
import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

// The pages are lazy chunks; load them once up front so the first render is not a race with
// compiling them, and give a full page's first render in jsdom more than the default second on a
// busy CI machine.
beforeAll(() => Promise.all([import('../src/pages/InnovationsPage'), import('../src/pages/PresentationsPage')]));
configure({ asyncUtilTimeout: 5000 });

describeAreaPages('showcase', pages);
