import { configure } from '@testing-library/react';
import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

// Each page arrives as a lazy chunk; on a busy CI machine that can take more than a second.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);

describeAreaPages('home', pages);
