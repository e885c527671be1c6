import { useHydrated } from '../lib/hooks';
import { showToast } from '../lib/toast';

/**
 * "Copy code" for a coupon: writes the code to the clipboard and confirms with a toast (2000 ms,
 * spec §9); when the clipboard refuses, the toast says so and the code stays selectable on the
 * page. Shown once the page is live (it needs JavaScript).
 */
export function CopyCodeButton({ code }: { code: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      await showToast(`Code ${code} copied`);
    } catch {
      await showToast('Could not copy: select the code and copy it');
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="rounded-full border border-accent-700 px-5 py-2.5 font-medium text-accent-800 hover:bg-accent-50"
    >
      Copy code
    </button>
  );
}
