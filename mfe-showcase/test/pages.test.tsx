import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

describeAreaPages('showcase', pages);
