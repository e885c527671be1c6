/**
 * Browser entry (decision 0004). The browser runs Preact's compatibility layer in place of
 * React (see vite.config.ts). HydratedRouter suspends on its first render until the server's
 * turbo-stream state is decoded; React waits for that at the root by itself, Preact cannot (a
 * suspension above the <html> element would make it render a second document). So the decoding
 * is started and awaited before hydrating: the router component is called once outside a render
 * (it throws the decoding promise, or, once decoded, fails at its first hook, which is expected),
 * and hydration starts when it no longer suspends. Each step (decoding, creating the router,
 * the first hydration pass) runs in a task of its own, so none blocks input for long (decision
 * 0005).
 *
 * Page loading (lib/page-loading.ts, spec §8): navigation data requests are retried and checked,
 * a failed lazy chunk reloads the page once, and the build hash is compared after navigations.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ClientInstrumentation } from 'react-router';
import { HydratedRouter } from 'react-router/dom';
import { ensureHistoryKey } from './components/scroll-manager';
import { nextTask, startProgressiveHydration } from './lib/progressive-hydration';
import { checkBuildHashOnNavigation, installPageLoading } from './lib/page-loading';

/** After each client-side navigation, a build-hash check when one is due (lib/page-loading.ts). */
const buildCheck: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      navigate: async (navigate) => {
        await navigate();
        checkBuildHashOnNavigation();
      },
    });
  },
};
const routerProps = { instrumentations: [buildCheck] };

async function routerStateDecoded(): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await nextTask();
    try {
      // The router is created by this first call: its instrumentations must be given here.
      HydratedRouter(routerProps);
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return; // past the decoding: the first hook needs a render
      await thrown;
    }
  }
}

installPageLoading();

ensureHistoryKey();
// The boot loader starts this module after the first contentful paint (deferred-boot.server.ts),
// so hydration needs no paint of its own to wait for: a task apart from the router's creation.
void routerStateDecoded()
  .then(nextTask)
  .then(() =>
    startTransition(() => {
      hydrateRoot(document, <HydratedRouter {...routerProps} />);
    }),
  )
  // Preact's first pass is synchronous: the regions it left for later start now (decision 0005).
  .then(() => startProgressiveHydration());
