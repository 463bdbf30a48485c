// `npm run bench:media`: a 12-megapixel phone photo (4000 × 3000 JPEG, with EXIF, GPS and an
// orientation, made here with sharp from gradients and noise) through processPicture, as an
// upload would go: every page width (PICTURE_WIDTHS) in AVIF, WebP and JPEG.
// Each run is a fresh Node process (so its peak RSS is the pipeline's, not an earlier run's):
// wall time of processPicture, CPU time (user + system: above the wall time means more than one
// core was used), and the process's peak resident memory (getrusage maxRSS), beside the peak of a
// process that loads the same modules and reads the file but processes nothing.
// Not a test: the numbers depend on the machine (2 shared cores here). BENCH_RUNS (default 5).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const self = fileURLToPath(import.meta.url);

interface Sample {
  ms: number;
  cpuMs: number;
  peakMiB: number;
  variants?: { type: string; width: number; height: number; bytes: number }[];
}

async function child(file: string, mode: 'run' | 'baseline') {
  const { processPicture } = await import('../server/platform/media/picture');
  const bytes = readFileSync(file);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = mode === 'run' ? await processPicture(bytes) : null;
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (result && !result.ok) throw new Error(result.message);
  const sample: Sample = {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    ...(result?.ok ? { variants: result.picture.variants.map(({ type, width, height, bytes: b }) => ({ type, width, height, bytes: b })) } : {}),
  };
  process.stdout.write(JSON.stringify(sample));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const { phonePhoto } = await import('../tests/support/pictures');
  const sharp = (await import('sharp')).default;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
  const file = path.join(dir, 'photo.jpg');
  // As a phone stores a portrait photo: 4000 × 3000 pixels, orientation 6.
  const photo = await phonePhoto({ width: 4000, height: 3000, orientation: 6, quality: 92 });
  writeFileSync(file, photo);
  const meta = await sharp(photo).metadata();
  const run = (mode: string) => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', self, mode, file], { encoding: 'utf8', maxBuffer: 1 << 20 })) as Sample;
  console.log(`input: ${meta.width} × ${meta.height} JPEG (${(meta.width! * meta.height!) / 1e6} Mpx), ${(photo.length / 1024 / 1024).toFixed(1)} MB, orientation ${meta.orientation}, EXIF ${meta.exif?.length} bytes with GPS`);
  console.log(`machine: ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
  const baseline = [run('baseline'), run('baseline')];
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = run('run');
    samples.push(s);
    console.log(`run ${i + 1}: ${Math.round(s.ms)} ms wall, ${Math.round(s.cpuMs)} ms CPU, peak RSS ${Math.round(s.peakMiB)} MiB`);
  }
  const last = samples[samples.length - 1]!;
  console.log('\nvariants (last run):');
  for (const v of last.variants ?? []) console.log(`  ${v.type.padEnd(10)} ${String(v.width).padStart(4)} × ${String(v.height).padEnd(4)} ${(v.bytes / 1024).toFixed(1).padStart(7)} kB`);
  const total = (last.variants ?? []).reduce((n, v) => n + v.bytes, 0);
  console.log(`  total ${(total / 1024).toFixed(0)} kB in ${last.variants?.length} files`);
  console.log(`\nprocessPicture, median of ${RUNS}: ${Math.round(median(samples.map((s) => s.ms)))} ms wall, ${Math.round(median(samples.map((s) => s.cpuMs)))} ms CPU`);
  console.log(`peak RSS, median of ${RUNS}: ${Math.round(median(samples.map((s) => s.peakMiB)))} MiB (max ${Math.round(Math.max(...samples.map((s) => s.peakMiB)))}); the same process without processing: ${Math.round(median(baseline.map((s) => s.peakMiB)))} MiB`);
  rmSync(dir, { recursive: true, force: true });
}

const [mode, file] = process.argv.slice(2);
if (mode === 'run' || mode === 'baseline') await child(file!, mode);
else await main();
