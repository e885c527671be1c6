/**
 * Background jobs' machinery (decision 0012): the queue (`EmbeddedQueue` in-process, `PgBossQueue`
 * on PostgreSQL). Each domain defines its own jobs beside its code (`catalog/jobs.ts`,
 * `pricing/jobs.ts`); `services.ts` starts them all.
 */
export { EmbeddedQueue, PgBossQueue, nextCronTime, type JobQueue, type JobDefinition, type JobErrorReporter } from './queue.ts';
