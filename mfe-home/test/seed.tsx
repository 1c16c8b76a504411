import type { ReactElement } from 'react';
import { seededArea } from '../../test-support/page-data';
import { MODEL } from '../src/content/model';
import { PAGE_DATA } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';

/** The home area's pages as its build renders them from the seed. */
export const HOME = seededArea({ model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META });

/** A page component at its path, with its data from the seed. */
export const at = (path: string, element: ReactElement) => HOME.wrap(path, element);
