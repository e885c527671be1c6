/**
 * Toasts (spec §9: a short text for 2000 ms by default). sonner is fetched and its <Toaster>
 * mounted only when the first toast is asked for, so pages that never toast pay nothing for it.
 */

/** Default toast duration, ms (spec §9). */
export const TOAST_MS = 2000;

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Whether the toaster has been asked for (an external store for useExternalValue). */
export const toasterWanted = {
  subscribe(onChange: () => void) {
    listeners.add(onChange);
    return () => {
      listeners.delete(onChange);
    };
  },
  get: () => wanted,
};

/** Called by the toaster once it is on the page. */
export function toasterMounted(): void {
  markMounted();
}

/** Shows `message` for `durationMs` (default 2000 ms), mounting the toaster first if needed. */
export async function showToast(message: string, durationMs = TOAST_MS): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast(message, { duration: durationMs });
}
