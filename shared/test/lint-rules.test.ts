/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// Loading ESLint with the TypeScript resolver takes a while on a busy machine.
jest.setTimeout(120_000);

interface Case {
  readonly name: string;
  readonly path: string;
  readonly code: string;
  /** Rule ids the code must break; [] means it must lint clean. */
  readonly breaks: readonly string[];
}

const BOUNDARY = 'boundaries/dependencies';

const CASES: readonly Case[] = [
  {
    name: 'a remote importing another remote’s file',
    path: 'mfe-showcase/src/pages/Borrowed.tsx',
    code: "import HomePage from '../../../mfe-home/src/pages/HomePage';\nexport const borrowed = HomePage;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'a remote importing the shell',
    path: 'mfe-map/src/pages/Sneaky.ts',
    code: "import { usePathname } from '../../../shell/src/location';\nexport const sneaky = usePathname;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'a remote importing the API',
    path: 'mfe-scorecard/src/pages/Sneaky.ts',
    code: "import { createApp } from '../../../api/src/app';\nexport const sneaky = createApp;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'a remote importing shared code by path instead of its entry point',
    path: 'mfe-home/src/pages/ByPath.ts',
    code: "import { ROUTES } from '../../../shared/src/routes';\nexport const routes = ROUTES;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'a remote importing @wpc/shared entry points and its own files',
    path: 'mfe-showcase/src/pages/Fine.tsx',
    code: "import { ROUTES } from '@wpc/shared/routes';\nimport { Button } from '@wpc/shared/ui';\nimport { pages } from './index';\nexport const fine = [ROUTES, Button, pages];\n",
    breaks: [],
  },
  {
    name: 'shared/src importing a remote',
    path: 'shared/src/ui/Leak.ts',
    code: "import { pages } from '../../../mfe-home/src/pages';\nexport const leak = pages;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'shared/src importing the shell',
    path: 'shared/src/Leak.ts',
    code: "import { usePathname } from '../../shell/src/location';\nexport const leak = usePathname;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'the shell importing a remote’s code',
    path: 'shell/src/Leak.ts',
    code: "import { pages } from '../../mfe-map/src/pages';\nexport const leak = pages;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'browser code importing a build file',
    path: 'shell/src/Leak.ts',
    code: "import { START_SCRIPT } from '@wpc/shared/build/start-script.cjs';\nexport const leak = START_SCRIPT;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'shared browser code importing a build file by path',
    path: 'shared/src/area/Leak.ts',
    code: "import { SHARE_IMAGE_SIZE } from '../../build/share-image.cjs';\nexport const leak = SHARE_IMAGE_SIZE;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'the edge importing a build file, and browser code the page contract',
    path: 'shell/server/Fine.ts',
    code: "import { START_SCRIPT } from '@wpc/shared/build/start-script.cjs';\nimport { INLINE_REMOTES_ID } from '@wpc/shared/page-contract';\nexport const fine = [START_SCRIPT, INLINE_REMOTES_ID];\n",
    breaks: [],
  },
  {
    name: 'browser code importing the page contract',
    path: 'mfe-map/src/pages/Fine.ts',
    code: "import { SERVER_BUILD_ATTRIBUTE } from '@wpc/shared/page-contract';\nexport const fine = SERVER_BUILD_ATTRIBUTE;\n",
    breaks: [],
  },
  {
    name: 'the API importing the shared UI kit',
    path: 'api/src/Leak.ts',
    code: "import { Button } from '@wpc/shared/ui';\nexport const leak = Button;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'the API importing React',
    path: 'api/src/Leak.ts',
    code: "import { createElement } from 'react';\nexport const leak = createElement;\n",
    breaks: [BOUNDARY],
  },
  {
    name: 'the API importing the form schemas',
    path: 'api/src/Fine.ts',
    code: "import { parseSubmission } from '@wpc/shared/schemas';\nexport const fine = parseSubmission;\n",
    breaks: [],
  },
  {
    name: 'a hook called conditionally',
    path: 'mfe-map/src/pages/Hooks.tsx',
    code: "import { useState } from 'react';\nexport function Odd({ on }: { on: boolean }) {\n  if (on) {\n    const [value] = useState(1);\n    return <p>{value}</p>;\n  }\n  return null;\n}\n",
    breaks: ['react-hooks/rules-of-hooks'],
  },
  {
    name: 'an image without alt text',
    path: 'mfe-home/src/pages/Pictures.tsx',
    code: 'export function Picture() {\n  return <img src="/logo.svg" width={10} height={10} />;\n}\n',
    breaks: ['jsx-a11y/alt-text'],
  },
  {
    name: 'a focused test',
    path: 'mfe-home/test/focused.test.ts',
    // Spelled in two pieces so this fixture is not itself mistaken for a focused test.
    code: `it.${'only'}('runs alone', () => {\n  expect(1).toBe(1);\n});\n`,
    breaks: ['no-restricted-syntax'],
  },
];

it('the lint configuration enforces the team boundaries, hooks, accessibility and no .only', () => {
  const run = spawnSync(process.execPath, [path.join(__dirname, '../../test-support/lint/lint-cases.mjs')], {
    input: JSON.stringify(CASES.map(({ path: filePath, code }) => ({ path: filePath, code }))),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(run.stderr.replace(/^npm warn .*$/gm, '').trim()).toBe('');
  expect(run.status).toBe(0);
  const results = JSON.parse(run.stdout) as { path: string; rules: string[] }[];
  expect(results.map((result, index) => ({ name: CASES[index]!.name, rules: result.rules }))).toEqual(
    CASES.map((testCase) => ({ name: testCase.name, rules: [...testCase.breaks].sort() })),
  );
});
