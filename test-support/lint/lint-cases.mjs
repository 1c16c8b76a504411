// Lints pieces of code as if they lived at given paths of the repository, with the real
// eslint.config.mjs, and prints the rule ids each one breaks. Reads [{ path, code }] as JSON
// on stdin. Used by shared/test/lint-rules.test.ts (jest cannot load the ESM config itself).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const eslint = new ESLint({ cwd: root });
const results = [];
for (const { path: filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push({
    path: filePath,
    rules: [...new Set(result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`))].sort(),
  });
}
process.stdout.write(JSON.stringify(results));
