// Writes docker/nginx/security-headers.conf and security-map.conf from the one source of the
// site's security headers, shared/server/security-headers.cjs. Run it after changing that file;
// shell/test/security-headers.test.ts fails while the committed files differ from its output.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { nginxSnippet, nginxMap } = require('../shared/server/security-headers.cjs');
const confDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docker', 'nginx');

fs.writeFileSync(path.join(confDir, 'security-headers.conf'), nginxSnippet());
fs.writeFileSync(path.join(confDir, 'security-map.conf'), nginxMap());
console.log('wrote docker/nginx/security-headers.conf and security-map.conf');
