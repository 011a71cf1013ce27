// `npx node scripts/bench/webhook-oversize.mjs` (after `npm run build`): issue 49's figure for docs/benchmarks.md.
// The built shop (`scripts/start.mjs`) on a fresh database; POSTS (4) unsigned 100 MB posts to /api/whatsapp/webhook
// at once, each streamed in 64 KB writes until its answer arrives (`Content-Length: 104857600`, or chunked with
// CHUNKED=1). Prints for each: the status, how long after its headers the answer came, how much had been sent by then;
// the server's resident memory (VmRSS) before and after; /api/health's latency quiet (50 requests one after the other)
// and while the posts are sent. Env: BENCH_PORT (4712), BENCH_DB (data/bench-oversize.sqlite, recreated), POSTS, CHUNKED.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';

const port = Number(process.env.BENCH_PORT ?? 4712);
const posts = Number(process.env.POSTS ?? 4);
const chunked = process.env.CHUNKED === '1';
const databasePath = process.env.BENCH_DB ?? 'data/bench-oversize.sqlite';
for (const suffix of ['', '-wal', '-shm']) rmSync(databasePath + suffix, { force: true });
const HUNDRED_MB = 100 * 1024 * 1024;

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: databasePath,
    LOG_LEVEL: 'warn',
    BACKUP_EVERY_HOURS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  const ready = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  if (i > 600) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}
// The process serving: start.mjs may run the server in itself or in a child; the listening one is what we read.
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};
async function healthMs(count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times.at(-1) };
}

function postHuge() {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answer = '';
    let started = 0;
    let answered = false;
    socket.on('end', () => undefined);
    // The server closes the connection with its 413: a write may then fail before the answer is read.
    socket.on('error', (error) => {
      if (answered) return;
      const ended = performance.now() - started;
      setTimeout(() => {
        if (answered) return;
        if (!answer) return reject(error);
        answered = true;
        resolve({ status: Number(answer.split(' ')[1]), ms: ended, sentMb: sent / 1024 / 1024 });
      }, 200);
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (!answered && answer.includes('\r\n')) {
        answered = true;
        resolve({ status: Number(answer.split(' ')[1]), ms: performance.now() - started, sentMb: sent / 1024 / 1024 });
        socket.destroy();
      }
    });
    socket.on('connect', () => {
      const head = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${HUNDRED_MB}`;
      socket.write(
        `POST /api/whatsapp/webhook HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${head}\r\n\r\n`,
      );
      started = performance.now();
      const pump = () => {
        while (!answered && !socket.destroyed && sent < HUNDRED_MB) {
          const ok = chunked ? socket.write(`10000\r\n`) && socket.write(chunk) && socket.write('\r\n') : socket.write(chunk);
          sent += chunk.length;
          if (!ok) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

await healthMs(20);
const quiet = await healthMs(50);
const before = rssMb();
const [answers, during] = await Promise.all([Promise.all(Array.from({ length: posts }, postHuge)), healthMs(50)]);
await new Promise((r) => setTimeout(r, 500));
const after = rssMb();
console.table(
  answers.map((a) => ({ status: a.status, 'ms after headers': a.ms.toFixed(1), 'MB sent by then': a.sentMb.toFixed(1) })),
);
console.log(`server VmRSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB (${(after - before).toFixed(1)} MB)`);
console.log(
  `/api/health p50 quiet ${quiet.p50.toFixed(1)} ms, during the posts ${during.p50.toFixed(1)} ms (max ${during.max.toFixed(1)} ms)`,
);
stop();
process.exit(answers.every((a) => a.status === 413) ? 0 : 1);
