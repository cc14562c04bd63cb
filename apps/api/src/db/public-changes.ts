import { randomUUID } from 'node:crypto';
import type { Database } from './client';

/** The PostgreSQL channel every instance listens on. */
export const PUBLIC_CHANGES_CHANNEL = 'siam_public_changes';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * What visitors are shown (the catalog, prices, deals, branches, contact
 * details, articles, the server-rendered pages) is kept for a few seconds in
 * each instance's memory. When staff change any of it, every instance must
 * drop its copies at once, not only the one that took the change: this says
 * so to all of them through PostgreSQL's NOTIFY, which needs nothing beside
 * the database they already share (docs/decisions/1401-page-cache.md).
 *
 * A cache registers what to forget with `onChange`; a writer calls `announce()`.
 * The announcing instance forgets at once, before it answers the writer; the
 * others within milliseconds. When an instance's listening connection was lost
 * and comes back, it forgets everything, since it may have missed a change.
 */
export class PublicChanges {
  private readonly forgetters = new Set<() => void>();
  private readonly instanceId = randomUUID();
  private stopListening?: () => Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly log?: Logger,
  ) {}

  onChange(forget: () => void): void {
    this.forgetters.add(forget);
  }

  /** Staff changed something visitors see: every instance forgets its copies. */
  async announce(): Promise<void> {
    this.forgetAll();
    try {
      await this.database.query('SELECT pg_notify($1, $2)', [PUBLIC_CHANGES_CHANNEL, this.instanceId]);
    } catch (error) {
      // The others still forget within their caches' few seconds.
      this.log?.warn({ err: error }, 'could not tell the other instances about a change');
    }
  }

  /** Starts hearing the other instances' announcements. */
  async start(): Promise<void> {
    if (this.stopListening) return;
    this.stopListening = await this.database.listen(
      PUBLIC_CHANGES_CHANNEL,
      (from) => {
        if (from !== this.instanceId) this.forgetAll();
      },
      () => this.forgetAll(),
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    // A database already closed has stopped listening anyway.
    await stop?.().catch(() => {});
  }

  private forgetAll(): void {
    for (const forget of this.forgetters) forget();
  }
}
