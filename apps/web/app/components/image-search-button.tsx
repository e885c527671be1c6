import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import type { ImageSearchComplete } from './image-search-flow';
import { CameraIcon } from './icons';

/**
 * The panel, the mobile flow, the compressor and the upload code are fetched on first use
 * (the first open or pick), so none of them is in first-load JavaScript.
 */
const ImageSearchPanel = lazy(() => import('./image-search-flow').then((m) => ({ default: m.ImageSearchPanel })));
const MobileImageSearch = lazy(() => import('./image-search-flow').then((m) => ({ default: m.MobileImageSearch })));
const preload = () => void import('./image-search-flow');

/** The image types of spec §5 for the picker (phones offer the camera as well as the gallery for these). */
const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Desktop 'Image search' button beside the header's search box (spec §2.5): opens the
 * 'Search by Image' panel; focus returns here when it closes. `onComplete` replaces the
 * navigation to /discover-image/ (spec §2.5: the host's completion handler).
 */
export function ImageSearchButton({ onComplete }: { onComplete?: ImageSearchComplete }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="image-search-button"
      >
        <CameraIcon />
        Image search
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ImageSearchPanel open={open} onOpenChange={setOpen} onComplete={onComplete} onClosed={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Mobile image search (≤ 960 px, spec §2.5): a label with a file input opens the device's picker
 * (camera or gallery); the chosen image is then processed in the mobile flow with its preview.
 * The input is disabled while an upload runs.
 */
export function ImageSearchPicker({ onComplete, className = '' }: { onComplete?: ImageSearchComplete; className?: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useCallback(() => setFile(null), []);
  const input = useRef<HTMLInputElement>(null);
  // When the preview closes, focus returns to the picker as soon as it is enabled again: a cancelled
  // upload can stay busy for a moment after the preview is gone, and a disabled input takes no focus.
  const refocusPending = useRef(false);
  const [closings, setClosings] = useState(0);
  const refocus = useCallback(() => {
    refocusPending.current = true;
    setClosings((n) => n + 1);
  }, []);
  useEffect(() => {
    if (!refocusPending.current || busy) return;
    refocusPending.current = false;
    input.current?.focus();
  }, [closings, busy]);
  return (
    <>
      <label className={`image-search-picker ${className}`} onPointerDown={preload}>
        <CameraIcon />
        <span className="sr-only">Image search: take or choose a photo</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          className="sr-only"
          onChange={(e) => {
            const picked = e.currentTarget.files?.[0] ?? null;
            e.currentTarget.value = '';
            if (picked) setFile(picked);
          }}
        />
      </label>
      {file || busy ? (
        <Suspense fallback={null}>
          <MobileImageSearch file={file} onDone={done} onBusyChange={setBusy} onComplete={onComplete} onClosed={refocus} />
        </Suspense>
      ) : null}
    </>
  );
}
