// Product photos: what processing costs in time and memory (RSS) for the upload path's sharp
// pipeline (apps/server/src/modules/admin-catalogue/images.ts): one 7,000 x 7,000 PNG (a ~190 KB
// file that decodes to 49 megapixels), five of them in one upload (processed one after the other, as
// the route does), a 6,000 x 6,000 PNG (36 MP, under the limit) and an ordinary 24-megapixel JPEG. Each case runs in its own process so
// its RSS is its own: peak RSS (sampled every 20 ms) and RSS two seconds after, with a GC.
// Run: npx tsx bench/photos.bench.ts   (prints a Markdown table; docs/benchmarks.md has the figures)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { localStorage } from '../apps/server/src/adapters/storage/local';
import { processImage } from '../apps/server/src/modules/admin-catalogue';

const CASES = {
  'one 7000 x 7000 PNG': { file: 'huge.png', count: 1 },
  'five 7000 x 7000 PNGs, one upload': { file: 'huge.png', count: 5 },
  'one 6000 x 6000 PNG (36 MP, under the limit)': { file: 'large.png', count: 1 },
  'one 6000 x 4000 camera JPEG': { file: 'camera.jpg', count: 1 },
} as const;
type CaseName = keyof typeof CASES;

async function child(dir: string, name: CaseName) {
  const { file, count } = CASES[name];
  const bytes = readFileSync(path.join(dir, file));
  const storage = localStorage(path.join(dir, 'media'));
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  let outcome = 'processed';
  for (let i = 0; i < count; i++) {
    try {
      await processImage(storage, `bench/${i}`, file, bytes);
    } catch (err) {
      outcome = `refused: ${(err as Error).message}`;
    }
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2_000));
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  clearInterval(timer);
  const mb = (n: number) => Math.round(n / (1024 * 1024));
  process.stdout.write(
    `${JSON.stringify({ name, ms: Math.round(ms), before: mb(before), peak: mb(peak), after: mb(process.memoryUsage().rss), outcome })}\n`,
  );
}

async function main() {
  if (process.argv[2] === '--child') return child(process.argv[3]!, process.argv[4] as CaseName);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rebound-photos-'));
  try {
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#d8d2c4' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(dir, 'huge.png'), huge);
    const large = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#d8d2c4' } })
      .png()
      .toBuffer();
    writeFileSync(path.join(dir, 'large.png'), large);
    const noise = await sharp({
      create: {
        width: 6000,
        height: 4000,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    writeFileSync(path.join(dir, 'camera.jpg'), noise);
    console.log(
      `files: PNG ${Math.round(huge.length / 1024)} KB, JPEG ${Math.round(noise.length / 1024)} KB`,
    );
    console.log('| case | time | RSS before | peak RSS | RSS after (2 s, GC) | outcome |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const name of Object.keys(CASES) as CaseName[]) {
      const out = execFileSync(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          path.resolve(import.meta.dirname, 'photos.bench.ts'),
          '--child',
          dir,
          name,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const r = JSON.parse(out.trim().split('\n').pop()!);
      console.log(
        `| ${r.name} | ${(r.ms / 1000).toFixed(1)} s | ${r.before} MB | ${r.peak} MB | ${r.after} MB | ${r.outcome} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
