// Production build of every front-end deployable, two at a time (the CI machine has 2 cores).
import { spawn } from 'node:child_process';

const packages = ['shell', 'mfe-home', 'mfe-scorecard', 'mfe-showcase', 'mfe-map'];
const concurrency = Number(process.env.BUILD_CONCURRENCY ?? 2);

function build(pkg) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', pkg], { stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${pkg} build failed (exit ${code})`));
      console.log(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

const started = Date.now();
const queue = [...packages];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) await build(pkg);
  }),
);
console.log(`built all ${packages.length} front-end packages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
