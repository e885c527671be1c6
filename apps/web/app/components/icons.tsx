/**
 * Icons the header and every card repeat, drawn once per page as `<symbol>`s (rendered at the
 * top of the body by root.tsx) and used by a short `<use href>` (issue 12 §3, HTML weight).
 */

/** The heart's outline (B-LOVED). */
const HEART_PATH = 'M12 20s-7-4.4-9-8.6C1.6 8.5 3.4 5 6.8 5c2.1 0 3.5 1.1 5.2 3 1.7-1.9 3.1-3 5.2-3 3.4 0 5.2 3.5 3.8 6.4C19 15.6 12 20 12 20z';

/** The symbols `#i-heart` and `#i-camera`; once per page. */
export function IconSymbols() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      <symbol id="i-heart" viewBox="0 0 24 24">
        <path d={HEART_PATH} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </symbol>
      <symbol id="i-camera" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
        <circle cx="12" cy="13" r="3.5" />
      </symbol>
    </svg>
  );
}

/** The heart, outlined or filled; decorative (the button names it). */
export function HeartIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden className={className} fill={filled ? 'currentColor' : 'none'}>
      <use href="#i-heart" />
    </svg>
  );
}

/** The camera of image search (spec §2.5), 22 px; decorative (its control is named). */
export function CameraIcon() {
  return (
    <svg aria-hidden width="22" height="22">
      <use href="#i-camera" />
    </svg>
  );
}
