/**
 * Background jobs (issue 10 §2; DESIGN.md "jobs"): one interface, two implementations.
 *
 * - `EmbeddedQueue` runs jobs inside this process: a job sent runs on the next turn of the event
 *   loop, scheduled jobs run at their cron times (UTC), and runs of one job never overlap. It is
 *   the only choice on PGlite, which admits one process.
 * - `PgBossQueue` (pg-boss on PostgreSQL) keeps jobs in the database, so any number of API and
 *   worker processes share them: a job sent by one is worked once by one of the processes that
 *   work it, and a cron schedule fires once per tick however many processes register it.
 *
 * Handlers must be idempotent: pg-boss retries a failed job, and a crash may repeat one.
 */
import cronParser from 'cron-parser';
import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '@b-deals/db';

/** A kind of background job: its name, optional cron schedule (5 fields, UTC) and handler. */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  /** Stable name (kebab-case); pg-boss keys its queue on it. */
  name: string;
  /** Cron expression (minute hour day-of-month month day-of-week), in UTC. */
  cron?: string;
  /**
   * Also run once when the queue starts working (state that depends on "now" may be stale after a
   * stop). The embedded queue's `start` waits for that run unless `background` is set.
   */
  runAtStart?: boolean;
  /**
   * The start's run goes on behind the start instead of holding it: a long job nothing served
   * depends on (image downloads, which may take minutes on a new catalogue of real feeds, README
   * "images"), so the API listens first. pg-boss never holds the start for a job.
   */
  background?: boolean;
  handler(data: T): Promise<void>;
}

/** Where jobs go. `start` registers definitions; with `work: false` the process only sends. */
export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  start(jobs: readonly JobDefinition[], opts?: { work?: boolean }): Promise<void>;
  /** Queues one run of job `name` with `data`. Throws when `name` was never registered. */
  send(name: string, data?: object): Promise<void>;
  /** Stops scheduling and waits (up to `timeoutMs`, default 10 000) for runs in progress. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Called with a job's error; the queue itself never throws a handler's error at its caller. */
export type JobErrorReporter = (err: unknown, job: string) => void;

/** Time of the next cron tick strictly after `after` (UTC). Throws on an invalid expression. */
export function nextCronTime(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, utc: true }).next().toDate();
}

/** In-process jobs (the embedded mode). Timers are unref'd: they never keep the process alive. */
export class EmbeddedQueue implements JobQueue {
  readonly kind = 'embedded' as const;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly onError: JobErrorReporter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async start(jobs: readonly JobDefinition[], opts: { work?: boolean } = {}): Promise<void> {
    for (const job of jobs) this.jobs.set(job.name, job as JobDefinition);
    if (opts.work === false) return;
    for (const job of jobs) {
      if (job.cron) this.scheduleNext(job as JobDefinition);
      if (job.runAtStart && job.background) void this.run(job.name, {});
      else if (job.runAtStart) await this.run(job.name, {});
    }
  }

  async send(name: string, data: object = {}): Promise<void> {
    if (!this.jobs.has(name)) throw new Error(`unknown job '${name}'`);
    if (this.stopped) return;
    void this.run(name, data);
  }

  /** Runs job `name` after any run of it in progress; resolves when this run ended (errors are reported, not thrown). */
  run(name: string, data: object): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`unknown job '${name}'`));
    const previous = this.running.get(name) ?? Promise.resolve();
    const next = previous.then(() => job.handler(data as Record<string, unknown>)).catch((err) => this.onError(err, name));
    this.running.set(name, next);
    void next.finally(() => {
      if (this.running.get(name) === next) this.running.delete(name);
    });
    return next;
  }

  private scheduleNext(job: JobDefinition): void {
    if (this.stopped) return;
    const now = this.now().getTime();
    const due = nextCronTime(job.cron!, new Date(now)).getTime();
    // setTimeout holds at most 2^31-1 ms (24.8 days); a tick further away is re-armed on the way.
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.now().getTime() >= due) void this.run(job.name, {});
        this.scheduleNext(job);
      },
      Math.min(due - now, 2 ** 31 - 1),
    );
    timer.unref();
    this.timers.add(timer);
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    const pending = Promise.all([...this.running.values()]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }
}

/** Advisory-lock key that serialises queue creation across processes (any fixed 64-bit number; ours spells "bdjobs"). */
const QUEUE_SETUP_LOCK = 0x62_64_6a_6f_62_73;

/** Jobs in PostgreSQL through pg-boss (its tables live in the `pgboss` schema of the same database). */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly names = new Set<string>();

  constructor(
    private readonly connectionString: string,
    private readonly onError: JobErrorReporter,
  ) {
    this.boss = new PgBoss({ connectionString, max: 2, application_name: 'b-deals-jobs' });
    this.boss.on('error', (err) => this.onError(err, 'pg-boss'));
  }

  /**
   * Starts pg-boss and creates the queues of `jobs`, then (unless `work` is false) works them and
   * registers their schedules. Starting pg-boss and creating the queues run under one advisory
   * lock: an API and a worker starting at once on a fresh database otherwise deadlock, one creating
   * a queue's partition while the other's start installs or checks pg-boss's own tables (PostgreSQL
   * 40P01, seen with only the queue creation locked).
   */
  async start(jobs: readonly JobDefinition[], opts: { work?: boolean } = {}): Promise<void> {
    await withAdvisoryLock(this.connectionString, QUEUE_SETUP_LOCK, async () => {
      await this.boss.start();
      for (const job of jobs) await this.boss.createQueue(job.name);
    });
    for (const job of jobs) {
      this.names.add(job.name);
      if (opts.work === false) continue;
      await this.boss.work<Record<string, unknown>>(job.name, async (batch) => {
        for (const j of batch) await (job as JobDefinition).handler(j.data ?? {});
      });
      if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      if (job.runAtStart) await this.boss.send(job.name, {}, { singletonKey: `${job.name}:start`, singletonSeconds: 60 });
    }
  }

  async send(name: string, data: object = {}): Promise<void> {
    if (!this.names.has(name)) throw new Error(`unknown job '${name}'`);
    await this.boss.send(name, data);
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}
