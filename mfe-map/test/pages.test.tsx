import { configure } from '@testing-library/react';
import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

// The map page lists about 40 organisations; role queries over that much DOM take more than
// the default second in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describeAreaPages('map', pages);
