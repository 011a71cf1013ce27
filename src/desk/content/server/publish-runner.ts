import { spawn } from 'node:child_process';
import { serverConfig } from '#server/config.ts';

export interface PublishOutcome {
  ok: boolean;
  /** The build that went live (`builds/<id>`). */
  buildId?: string;
  /** What the publish said at its end, in words an editor reads (`npm run publish` writes them so). */
  message: string;
}

export interface PublishJob {
  release: number;
  /** The instant the release is judged at: which offers are running, what is scheduled. */
  now: string;
  rollback?: boolean;
  onStage: (stage: 'building' | 'checking' | 'switching') => Promise<unknown>;
}

export type PublishRunner = (job: PublishJob) => Promise<PublishOutcome>;

const STAGES: [RegExp, 'building' | 'checking' | 'switching'][] = [
  [/^Building the new version/m, 'building'],
  [/^Built in .* Checking it/m, 'checking'],
  [/^Published /m, 'switching'],
];

/**
 * `npm run publish` (scripts/publish.mjs) as a child process: the same build beside the live one, the same checks, the
 * same atomic switch every running instance follows. Its printed steps become the desk's stages, its last words the
 * outcome. The build reads the desk's content of this release (CONTENT_RELEASE) as of its time (CONTENT_NOW).
 */
export const spawnPublish: PublishRunner = (job) =>
  new Promise((resolve) => {
    const { production, siteUrlSet } = serverConfig();
    // The demo shop (`npm start`: no SITE_URL, not production) publishes for its own address; a public shop never does.
    const local = !production && !siteUrlSet ? ['--local'] : [];
    const args = job.rollback ? ['--rollback'] : ['--release', String(job.release), '--now', job.now, ...local];
    const child = spawn(process.execPath, ['scripts/publish.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let reached = -1;
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const next = STAGES.findIndex(([pattern], i) => i > reached && pattern.test(output));
      if (next > reached) {
        reached = next;
        void job.onStage(STAGES[next]![1]).catch(() => undefined);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', (error) => resolve({ ok: false, message: error.message }));
    child.on('close', (code) => {
      const buildId = /^Published (\S+) in /m.exec(output)?.[1];
      const failure = output.slice(Math.max(0, output.indexOf('NOT PUBLISHED')));
      resolve(
        code === 0
          ? { ok: true, ...(buildId ? { buildId } : {}), message: output.trim().split('\n').at(-1) ?? '' }
          : { ok: false, message: failure.trim().slice(0, 4000) },
      );
    });
  });

let runner: PublishRunner = spawnPublish;

/** The runner publishes go through: the real `npm run publish`, or a test's stand-in (API tests build nothing). */
export const publishRunner = (): PublishRunner => runner;
export function usePublishRunner(next: PublishRunner): () => void {
  const before = runner;
  runner = next;
  return () => {
    runner = before;
  };
}
