#!/usr/bin/env node
// Renders the presentations hero's background loop from the poster SVG: embers rising and haze
// drifting over the ridge, 8 seconds that loop seamlessly (every motion has the loop's period).
// Frames are drawn on a canvas in the system Chromium, then encoded by ffmpeg to WebM (VP9) and
// MP4 (H.264) with no audio track. Needs ffmpeg (apt-get install ffmpeg) and Chromium.
// Run: node mfe-showcase/scripts/make-hero-video.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const heroDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/media/hero');
const WIDTH = 960;
const HEIGHT = 540;
const FPS = 24;
const SECONDS = 8;

const poster = readFileSync(path.join(heroDir, 'presentations-poster.svg'), 'utf8');
const frames = mkdtempSync(path.join(tmpdir(), 'hero-frames-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  await page.setContent(`<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>`);
  await page.evaluate(
    async ({ svg, seconds }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(svg)}`;
      await image.decode();
      const canvas = document.querySelector('canvas');
      const context = canvas.getContext('2d');
      const { width, height } = canvas;
      // A fixed seed: the same frames on every run.
      let seed = 42;
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
      const embers = Array.from({ length: 70 }, () => ({
        x: 0.35 + random() * 0.6,
        phase: random(),
        laps: 1 + Math.floor(random() * 2),
        sway: 6 + random() * 18,
        size: 0.8 + random() * 1.8,
      }));
      const haze = Array.from({ length: 3 }, (_, index) => ({
        y: 0.55 + index * 0.08,
        phase: random(),
        w: 0.5 + random() * 0.4,
      }));
      window.drawFrame = (time) => {
        const loop = time / seconds; // 0..1 over the loop
        context.drawImage(image, 0, 0, width, height);
        // The horizon glow breathes once per loop.
        const glow = context.createRadialGradient(
          width * 0.7,
          height * 0.8,
          0,
          width * 0.7,
          height * 0.8,
          width * 0.45,
        );
        glow.addColorStop(0, `rgba(245, 158, 11, ${0.06 + 0.05 * Math.sin(2 * Math.PI * loop)})`);
        glow.addColorStop(1, 'rgba(245, 158, 11, 0)');
        context.fillStyle = glow;
        context.fillRect(0, 0, width, height);
        for (const band of haze) {
          const x = (((loop + band.phase) % 1) * 2 - 0.5) * width;
          for (const offset of [-2 * width, 0]) {
            const gradient = context.createRadialGradient(
              x + offset + width,
              height * band.y,
              0,
              x + offset + width,
              height * band.y,
              width * band.w,
            );
            gradient.addColorStop(0, 'rgba(200, 170, 150, 0.045)');
            gradient.addColorStop(1, 'rgba(200, 170, 150, 0)');
            context.fillStyle = gradient;
            context.fillRect(0, 0, width, height);
          }
        }
        for (const ember of embers) {
          const progress = (loop * ember.laps + ember.phase) % 1;
          const y = height * (0.95 - progress * 0.75);
          const x = width * ember.x + Math.sin(2 * Math.PI * (progress * 2 + ember.phase)) * ember.sway;
          const alpha = Math.sin(Math.PI * progress) * 0.9;
          context.fillStyle = `rgba(251, 191, 36, ${alpha.toFixed(3)})`;
          context.beginPath();
          context.arc(x, y, ember.size, 0, 2 * Math.PI);
          context.fill();
        }
        return canvas.toDataURL('image/png');
      };
    },
    { svg: poster, seconds: SECONDS },
  );
  for (let frame = 0; frame < FPS * SECONDS; frame++) {
    const dataUrl = await page.evaluate((time) => window.drawFrame(time), frame / FPS);
    writeFileSync(
      path.join(frames, `${String(frame).padStart(4, '0')}.png`),
      Buffer.from(dataUrl.split(',')[1], 'base64'),
    );
  }
} finally {
  await browser.close();
}

const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frames, '%04d.png'), '-an'];
const webm = path.join(heroDir, 'presentations-loop.webm');
const mp4 = path.join(heroDir, 'presentations-loop.mp4');
execFileSync('ffmpeg', [
  ...input,
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '36',
  '-row-mt',
  '1',
  '-pix_fmt',
  'yuv420p',
  '-fflags',
  '+bitexact',
  webm,
]);
execFileSync('ffmpeg', [
  ...input,
  '-c:v',
  'libx264',
  '-crf',
  '30',
  '-preset',
  'slow',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-fflags',
  '+bitexact',
  mp4,
]);
rmSync(frames, { recursive: true, force: true });
for (const file of [webm, mp4])
  console.log(`wrote ${path.relative(process.cwd(), file)} (${statSync(file).size} bytes)`);
