/**
 * Progressive hydration (decision 0005). Hydrating a listing in one pass takes 80–150 ms of main
 * thread on a 2-core machine (several hundred at Lighthouse's 4× CPU slowdown), during which a
 * tap waits. Regions wrapped in `<HydrateLater>` (the header, the page's main content, each
 * product card, each filter section, the footer; the full list is in decision 0005) are left as the server
 * rendered them during the first pass and hydrated afterwards one per task, so no task grows
 * long and input is handled between them. A region met while another region hydrates (a card
 * inside the main content) waits its own turn in the same way.
 *
 * The mechanism is Preact's: a component that throws a promise while hydrating keeps its server
 * DOM and resumes hydrating it when the promise settles (preact/compat's Suspense). Tickets are
 * taken only while hydrating (the first pass, or a region's resumption); regions rendered later
 * (client navigations) render at once. The shopper's first pointer, key or focus event hydrates
 * everything still waiting in that same task, so the event reaches hydrated handlers. Until
 * then a region's links and forms work as plain HTML.
 */
import { createContext } from 'react';

/**
 * True inside a region whose hydration was deferred: such a region's first browser render
 * still hydrates server HTML, so hooks like useHydrated must return their server value then,
 * even though the page around it has hydrated already (lib/hooks.ts).
 */
export const DeferredHydrationContext = createContext(false);

/**
 * `window[BOOT_STATE]`, shared with the boot loader of lib/deferred-boot.server.ts: `live` once
 * the first hydration pass has run; `click`, the last button (outside a form, whose submit
 * works without scripts) clicked before that, clicked again here once the page is live;
 * `submit`, a form marked {@link SUBMIT_WHEN_LIVE} sent before that, sent again here.
 */
export const BOOT_STATE = '__bdealsBoot';

/**
 * Marks a form whose submit needs the page's scripts (the sign-in runs in the browser): sent
 * before the page is live, it is held by the boot loader and sent again once it is (QA finding
 * 4). If the scripts have not started {@link SUBMIT_WAIT_MS} later, the loader sends it to the
 * server after all, with {@link LOADING_FIELD} set, so the action can say the page was loading.
 */
export const SUBMIT_WHEN_LIVE = 'data-submit-when-live';
/** The hidden field (value "1") of a form the boot loader sent to the server because the page never became live. */
export const LOADING_FIELD = '_page_loading';
/** How long (ms) the boot loader holds a {@link SUBMIT_WHEN_LIVE} form for the page to become live. */
export const SUBMIT_WAIT_MS = 8000;

interface BootState {
  live: boolean;
  click: HTMLElement | null;
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
}

/** A waiting region: `promise` settles when the region may hydrate. */
export interface HydrationTicket {
  done: boolean;
  promise: Promise<void>;
  release: () => void;
}

/** True while Preact hydrates: the first pass, then each region's resumption (one task each). */
let hydrating = true;
/** Set by the first interaction: whatever still waits hydrates at once, no new tickets. */
let eager = false;
const waiting: HydrationTicket[] = [];
let draining = false;
let settle: () => void = () => {};
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/** A ticket for a region met while hydrating; null for regions rendered afterwards. */
export function takeHydrationTicket(): HydrationTicket | null {
  if (!hydrating || eager || typeof window === 'undefined') return null;
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ticket: HydrationTicket = {
    done: false,
    promise,
    release: () => {
      ticket.done = true;
      release();
    },
  };
  waiting.push(ticket);
  return ticket;
}

/** Resolves in the next macrotask (a MessageChannel message is not clamped like nested timers). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function releaseAll(): void {
  eager = true;
  for (const t of waiting.splice(0)) t.release();
}

/** Sends `form` again through its (now hydrated) submit handlers, by the button that sent it when it is still the form's. */
function resubmit(form: HTMLFormElement, submitter: HTMLElement | null): void {
  form.removeAttribute('aria-busy');
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  form.requestSubmit(button?.isConnected && button.form === form ? button : undefined);
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Called by the browser entry when the first hydration pass has returned: releases the waiting
 * regions in the order they were met, one per task, or all at once on the first interaction.
 */
export function startProgressiveHydration(): void {
  hydrating = false;
  if (draining) return;
  draining = true;
  // Marks the page as partly live (the first pass is done, regions are still to come) until
  // `data-hydrated` replaces it (root.tsx).
  document.documentElement.dataset.hydrating = 'true';
  const onInteraction = () => releaseAll();
  for (const t of INTERACTIONS) window.addEventListener(t, onInteraction, { capture: true, passive: true, once: true });
  const boot = (window as unknown as Record<string, BootState | undefined>)[BOOT_STATE];
  if (boot) {
    boot.live = true;
    const tapped = boot.click;
    const sent = boot.submit;
    boot.click = null;
    boot.submit = null;
    // A tap or a form sent before the scripts: hydrate everything, then give it to its button or form.
    if (tapped || sent) {
      releaseAll();
      void nextTask().then(() => {
        if (tapped?.isConnected) tapped.click();
        if (sent?.form.isConnected) resubmit(sent.form, sent.submitter);
      });
    }
  }
  void (async () => {
    while (waiting.length > 0) {
      await nextTask();
      const next = waiting.shift();
      if (!next) break;
      // The region re-renders in the microtasks after its release, within this task; regions
      // it contains take their tickets then.
      hydrating = true;
      next.release();
      await nextTask();
      hydrating = false;
    }
    for (const t of INTERACTIONS) window.removeEventListener(t, onInteraction, { capture: true });
    delete document.documentElement.dataset.hydrating;
    settle();
  })();
}

/** Resolves once every region of the first pass has hydrated. */
export function progressiveHydrationSettled(): Promise<void> {
  return settled;
}
