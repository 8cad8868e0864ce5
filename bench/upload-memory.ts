// Measures how much the server's memory grows while it receives a 200 MB upload: the server runs
// in a child process (so the client's own buffers do not count), its RSS is sampled from
// /proc/<pid>/status every 10 ms, and the figure printed is peak RSS during the upload minus RSS
// just before it (after a warm-up upload has loaded sharp, file-type and the routes).
//
//   node_modules/.bin/tsx bench/upload-memory.ts              local provider
//   node_modules/.bin/tsx bench/upload-memory.ts --s3         S3 provider (s3rver in this process)
//   node_modules/.bin/tsx bench/upload-memory.ts --mb 500     another size (sizeLimit follows)
//
// Not a test: it prints the figure and whether it is under the 50 MB budget.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';

const BUDGET_MB = 50;
const MB = 1024 * 1024;
const REPO = join(__dirname, '..');

interface Options {
  sizeMb: number;
  s3: boolean;
}

function parseArgs(argv: string[]): Options {
  const at = argv.indexOf('--mb');
  return { sizeMb: at >= 0 ? Number(argv[at + 1]) : 200, s3: argv.includes('--s3') };
}

/** The server side: boots the fixture app from `appDir` and prints its URL. */
async function serve(appDir: string): Promise<void> {
  const { startApp } = await import('@cms-gen/runtime');
  const { app } = await import('../fixtures/strapi-blog/app/src/main');
  const running = await startApp({ ...app, appDir }, { port: 0, host: '127.0.0.1', log: () => undefined });
  process.stdout.write(`URL ${running.url}\n`);
  process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
}

/** Writes `bytes` of random data to `path`. */
export async function writeFile(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  const chunk = randomBytes(MB);
  for (let written = 0; written < bytes; written += chunk.length) {
    if (!out.write(written + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - written))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Streams one file as multipart/form-data (field `files`) with a known length. */
export function upload(url: string, path: string, size: number, name: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

async function startServer(appDir: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  // node --import tsx: one process, so its pid is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--serve', appDir], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development', JWT_SECRET: 'bench' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /URL (\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv);
  const bytes = options.sizeMb * MB;
  const work = mkdtempSync(join(tmpdir(), 'cms-gen-upload-bench-'));
  const appDir = join(work, 'app');
  mkdirSync(join(appDir, 'config'), { recursive: true });
  symlinkSync(join(REPO, 'fixtures', 'strapi-blog', 'app', 'prisma'), join(appDir, 'prisma'), 'dir');
  let stopS3: (() => Promise<void>) | undefined;
  const upload_: Record<string, unknown> = { sizeLimit: bytes };
  if (options.s3) {
    const { startS3 } = await import('../test/helpers/s3-server');
    const s3 = await startS3(['bench']);
    stopS3 = () => s3.close();
    Object.assign(upload_, { provider: 'aws-s3', providerOptions: { s3Options: { endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials, params: { Bucket: 'bench' } } } });
  }
  writeFileSync(join(appDir, 'config', 'plugins.json'), JSON.stringify({ upload: { config: upload_ } }));
  const bigFile = join(work, 'big.bin');
  process.stdout.write(`writing a ${options.sizeMb} MB test file…\n`);
  await writeFile(bigFile, bytes);
  const smallFile = join(work, 'small.bin');
  await writeFile(smallFile, 64 * 1024);

  const { child, url } = await startServer(appDir, `file:${join(work, 'data.db')}`);
  const pid = child.pid as number;
  try {
    const warm = await upload(url, smallFile, 64 * 1024, 'warm.bin');
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    // Let the warm-up's garbage settle before taking the baseline.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
    const started = performance.now();
    const result = await upload(url, bigFile, bytes, 'big.bin');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (result.status !== 201) throw new Error(`upload failed: ${result.status} ${result.body.slice(0, 300)}`);
    const growth = (peak - baseline) / MB;
    const record = (JSON.parse(result.body) as { size: number; url: string }[])[0];
    process.stdout.write(
      [
        `provider            ${options.s3 ? 'aws-s3 (s3rver)' : 'local'}`,
        `uploaded            ${options.sizeMb} MB in ${seconds.toFixed(1)} s (${(options.sizeMb / seconds).toFixed(0)} MB/s), record size ${record.size} KB`,
        `server RSS before   ${(baseline / MB).toFixed(1)} MB`,
        `server RSS peak     ${(peak / MB).toFixed(1)} MB`,
        `RSS growth          ${growth.toFixed(1)} MB (budget ${BUDGET_MB} MB: ${growth < BUDGET_MB ? 'OK' : 'OVER'})`,
        '',
      ].join('\n'),
    );
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await stopS3?.();
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv.includes('--serve')) {
  serve(process.argv[process.argv.indexOf('--serve') + 1]).catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
} else if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
