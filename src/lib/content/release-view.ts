/** A publish as the desk shows it (src/desk/content/server/releases.ts reads it). */
export interface ReleaseView {
  id: number;
  status: 'building' | 'live' | 'failed' | 'rolled_back';
  /** queued | building | checking | switching | rollingBack while it runs. */
  stage: string | null;
  /** What the publish said at its end (when it failed: what to fix). */
  message: string | null;
  startedBy: number | null;
  startedAt: string;
  finishedAt: string | null;
  /** How many desk entries it built. */
  entries: number;
}
