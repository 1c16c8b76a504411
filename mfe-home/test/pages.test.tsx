import { describeAreaPages } from '../../test-support/area-pages';
import { pages } from '../src/pages';

describeAreaPages('home', pages);
