import { Redis } from 'ioredis';

/**
 * Counters with a fixed window, per key. In memory for one instance; in Redis
 * when REDIS_URL is set, so every instance behind a load balancer sees the
 * same counts.
 */
export interface CounterStore {
  /** Adds one; returns the new count and the milliseconds until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  private live(key: string, now: number) {
    const entry = this.counters.get(key);
    if (entry && entry.resetAt <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    if (this.counters.size > 50_000) this.sweep(now);
    let entry = this.live(key, now);
    if (!entry) {
      entry = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async peek(key: string) {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string) {
    this.counters.delete(key);
  }

  async close() {
    this.counters.clear();
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counters) if (entry.resetAt <= now) this.counters.delete(key);
  }
}

/**
 * Counters in Redis, shared by every instance. When Redis cannot be reached,
 * each instance counts in its own memory until it can again: sign-in keeps
 * working and keeps its limits (per instance for that while) rather than
 * failing for everyone, and the outage is logged.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly fallback = new MemoryCounterStore();
  private lastWarning = 0;
  private connecting: Promise<void> | undefined;

  constructor(
    url: string,
    private readonly prefix = 'siam:rl:',
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableAutoPipelining: true,
      // Fail fast while Redis is away: a sign-in must not wait on it.
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      commandTimeout: 1_000,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    // ioredis reports connection errors as events; the calls below already handle them.
    this.redis.on('error', () => undefined);
  }

  private async orFallback<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      // The first calls wait for the first connection (commands are not queued while offline).
      if (this.redis.status === 'wait')
        this.connecting = this.redis.connect().finally(() => {
          this.connecting = undefined;
        });
      if (this.connecting) await this.connecting;
      return await work();
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarning > 60_000) {
        this.lastWarning = now;
        this.warn(
          `Redis unreachable for rate limits, counting in memory meanwhile: ${(error as Error).message}`,
        );
      }
      return fallback();
    }
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    return this.orFallback(
      async () => {
        // SET NX starts the window; INCR keeps its expiry.
        const results = await this.redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
        if (!results || results.some(([error]) => error)) throw new Error('Redis transaction failed');
        const count = Number(results[1]?.[1] ?? 0);
        const ttl = Number(results[2]?.[1] ?? windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.fallback.hit(key, windowMs),
    );
  }

  async peek(key: string) {
    const k = this.prefix + key;
    return this.orFallback(
      async () => {
        const [value, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
        return { count: Number(value ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
      },
      () => this.fallback.peek(key),
    );
  }

  async reset(key: string) {
    await this.fallback.reset(key);
    await this.orFallback(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      async () => undefined,
    );
  }

  async close() {
    this.redis.disconnect();
    await this.fallback.close();
  }
}

/**
 * The one counter store of an app: in Redis when REDIS_URL is set (shared by
 * every instance, with the per-instance fallback above), else in memory. Every
 * limit (sign-in, public forms, mails per recipient, booking holds) counts here.
 */
export function createCounterStore(redisUrl: string | undefined): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl) : new MemoryCounterStore();
}
