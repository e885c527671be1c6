// Entry of the feed parse worker (parallel.ts): registers tsx's loader in this thread, as every
// process of the project runs TypeScript through tsx, then runs parse-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
