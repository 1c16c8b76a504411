import { describeAreaPages } from '../../test-support/area-pages';
import { MODEL } from '../src/content/model';
import { PAGE_DATA } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import { pages } from '../src/pages';

describeAreaPages('home', pages, { model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META });
