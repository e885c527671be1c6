/**
 * The render gate of the storefront's server (issue 13 point 9, found by the load test).
 */
import type express from 'express';

/**
 * Pages rendered at the same time, and how many more may wait their turn (first come, first
 * served). Rendering is CPU work on one thread: without a bound, 100 simultaneous page requests
 * interleave, every loader's API call waits behind all of them and runs into its 10 s timeout
 * (a 500 page). With the gate each admitted page finishes quickly; past `maxWaiting` a request
 * is answered 503 with Retry-After at once (issue 13 point 9, load test).
 */
export const RENDER_GATE = { concurrency: 8, maxWaiting: 1000 } as const;

/**
 * Express middleware that admits at most `concurrency` requests at once and queues up to
 * `maxWaiting` more (FIFO); a slot is freed when the response closes, a queued request whose
 * client went away leaves the queue, and a request beyond the queue gets 503.
 */
export function renderGate({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): express.RequestHandler {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) next();
  };
  return (_req, res, next) => {
    const admit = () => {
      active++;
      res.once('close', release);
      next();
    };
    if (active < concurrency) return admit();
    if (waiting.length >= maxWaiting) {
      res.status(503).set('retry-after', '5').type('text/plain').send('The store is very busy. Please try again in a few seconds.');
      return;
    }
    waiting.push(admit);
    // The client went away while waiting: its turn is given up.
    res.once('close', () => {
      const i = waiting.indexOf(admit);
      if (i >= 0) waiting.splice(i, 1);
    });
  };
}
