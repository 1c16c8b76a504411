import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for what the user would see; their 1 s default is a guess at the
// machine's speed. On a loaded 2-core CI machine a lazily imported console page took longer than
// that to appear (two component tests failed that way in a whole jest step at load 18). A wait
// ends as soon as its condition holds, so a longer ceiling costs nothing when things are fast;
// it stays under the 15 s test timeout so a real absence still fails with testing-library's own
// message, naming what was missing.
configure({ asyncUtilTimeout: 10_000 });
