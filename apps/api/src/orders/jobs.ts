/**
 * The orders domain's job (issue 15 §7): `order-recovery` (at start and every 5 minutes) settles
 * orders left `placed` by a process that died between payment and order write. Idempotent.
 */
import type { JobDefinition } from '../jobs/index.ts';
import { recoverOrders, type OrderDeps } from './orders.ts';

export function orderJobs(deps: OrderDeps & { log: { info(obj: object, msg: string): void } }): JobDefinition[] {
  return [
    {
      name: 'order-recovery',
      cron: '*/5 * * * *',
      runAtStart: true,
      handler: async () => {
        const report = await recoverOrders(deps);
        if (report.paid || report.failed) deps.log.info(report, 'orders settled by recovery');
      },
    },
  ];
}
