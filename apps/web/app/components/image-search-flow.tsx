import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCEPT_ATTRIBUTE,
  IMAGE_TOAST_MS,
  NETWORK_ERROR_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  UploadNetworkError,
  WRONG_TYPE_MESSAGE,
  compressForSearch,
  discoverImageHref,
  isAcceptedImage,
  uploadImage,
} from '../lib/image-upload';
import { showToast } from '../lib/toast';

/** Phases of the upload flow of spec §4 while the panel is open ('ready' is the idle drop zone). */
export type UploadPhase = 'ready' | 'compressing' | 'uploading';

/** What the host may do instead of navigating (spec §2.5): called with the uploaded image's dir + file name. */
export type ImageSearchComplete = (origin: string) => void;

/** Status line of each phase (spec §4): 'Compressing image', then the percentage plus 'Uploading'. */
export const statusText = (phase: UploadPhase, percent: number) =>
  phase === 'compressing' ? 'Compressing image' : phase === 'uploading' ? `${percent}% Uploading` : '';

/**
 * The upload flow of spec §4 as a hook: `start(file)` checks the type (spec §5: a 3-second toast
 * otherwise), shows a preview, compresses (falling back to the original on failure, spec §8),
 * uploads with progress, then navigates to `/discover-image/?origin=` or calls `onComplete`.
 * `cancel()` sets the run's cancelled flag, aborts compression and the upload and clears the
 * preview (its object URL revoked). A network failure shows 'Network Error' for 3 s and resets.
 * While busy, `start` is ignored.
 */
export function useImageUpload({ onComplete, onFinished }: { onComplete?: ImageSearchComplete; onFinished: () => void }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<UploadPhase>('ready');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  // The last toast's text, also announced in the flow's own live region: a modal panel hides the
  // rest of the page (the toaster included) from assistive technology while it is open.
  const [notice, setNotice] = useState('');
  const run = useRef<{ cancelled: boolean; controller: AbortController; previewUrl: string } | null>(null);

  const reset = useCallback(() => {
    const current = run.current;
    run.current = null;
    if (current) URL.revokeObjectURL(current.previewUrl);
    setPreview(null);
    setPercent(0);
    setPhase('ready');
  }, []);

  const cancel = useCallback(() => {
    const current = run.current;
    if (current) {
      current.cancelled = true;
      current.controller.abort();
    }
    reset();
  }, [reset]);

  // Nothing keeps running once the flow is gone (a navigation away unmounts it).
  useEffect(() => cancel, [cancel]);

  const start = useCallback(
    async (file: File | null | undefined) => {
      if (!file || run.current) return;
      if (!isAcceptedImage(file)) {
        setNotice(WRONG_TYPE_MESSAGE);
        void showToast(WRONG_TYPE_MESSAGE, IMAGE_TOAST_MS);
        return;
      }
      setNotice('');
      const job = { cancelled: false, controller: new AbortController(), previewUrl: URL.createObjectURL(file) };
      run.current = job;
      setPreview(job.previewUrl);
      setPercent(0);
      setPhase('compressing');
      let body: File = file;
      try {
        body = await compressForSearch(file, job.controller.signal);
      } catch {
        body = file; // spec §8: compression failure uploads the original
      }
      if (job.cancelled) return;
      setPhase('uploading');
      try {
        const uploaded = await uploadImage(body, { signal: job.controller.signal, onProgress: (p) => !job.cancelled && setPercent(p) });
        if (job.cancelled) return;
        reset();
        onFinished();
        if (onComplete) onComplete(uploaded.dir + uploaded.fileName);
        else void navigate(discoverImageHref(uploaded));
      } catch (err) {
        if (job.cancelled) return;
        reset();
        const message = err instanceof UploadNetworkError ? NETWORK_ERROR_MESSAGE : UPLOAD_FAILED_MESSAGE;
        setNotice(message);
        void showToast(message, IMAGE_TOAST_MS);
      }
    },
    [navigate, onComplete, onFinished, reset],
  );

  return { phase, percent, preview, notice, start, cancel, busy: phase !== 'ready' };
}

/** The first image file of a drop or paste. */
const firstFile = (data: DataTransfer | null): File | null => data?.files?.[0] ?? null;
const carriesFiles = (data: DataTransfer | null) => !!data && Array.from(data.types).includes('Files');

function CloseIcon() {
  return (
    <svg aria-hidden width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** The chosen image with the scanning line (still under prefers-reduced-motion) and the status. */
function ScanningPreview({ src, status, large = false }: { src: string; status: string; large?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <div className={`relative overflow-hidden rounded-lg bg-stone-100 ${large ? 'w-full max-w-xs' : 'w-40'}`}>
        <img src={src} alt="Your upload, being searched" className={`w-full object-contain ${large ? 'max-h-[55vh]' : 'max-h-40'}`} />
        <div
          aria-hidden
          data-testid="scan-line"
          className="absolute inset-x-0 h-[3px] animate-scan bg-accent-600 shadow-[0_0_12px_4px] shadow-accent-600/60 motion-reduce:top-1/2 motion-reduce:animate-none"
        />
      </div>
      <p className="text-sm font-medium text-stone-800" aria-hidden>
        {status}
      </p>
    </div>
  );
}

/**
 * Desktop panel of spec §2.5 on a Radix dialog (focus moves in, is trapped, and returns to the
 * 'Image search' button): title 'Search by Image', a close control, and a drop zone reading
 * 'Drag or paste an image here, or upload an image.' with the accepted types 'JPG, JPEG, PNG,
 * WEBP'. While a file is dragged over the page the zone reads 'Drag and drop the image anywhere'
 * and a drop anywhere is taken. A pasted file is taken while the zone is ready (dashed border);
 * drops and pastes are ignored while busy, and the file input is disabled. Closing cancels the
 * upload (see {@link useImageUpload}). Status changes are announced in a live region.
 */
export function ImageSearchPanel({
  open,
  onOpenChange,
  onComplete,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onComplete?: ImageSearchComplete;
  /** Called when the panel has closed, to return focus to the opening button. */
  onClosed: () => void;
}) {
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const flow = useImageUpload({ onComplete, onFinished: close });
  const { busy, start, cancel } = flow;
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const change = useCallback(
    (next: boolean) => {
      if (!next) {
        cancel();
        setDragging(false);
      }
      onOpenChange(next);
    },
    [cancel, onOpenChange],
  );

  useEffect(() => {
    if (!open) return;
    const onPaste = (e: ClipboardEvent) => {
      const file = firstFile(e.clipboardData);
      if (!file) return;
      e.preventDefault();
      if (!busy) void start(file);
    };
    let depth = 0;
    const onDragEnter = (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      depth += 1;
      if (!busy) setDragging(true);
    };
    const onDragOver = (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault(); // a drop here is ours, not the browser's navigation to the file
      if (e.dataTransfer) e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
      if (!busy) setDragging(true);
    };
    const onDragLeave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!carriesFiles(e.dataTransfer)) return;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (!busy) void start(firstFile(e.dataTransfer));
    };
    document.addEventListener('paste', onPaste);
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('paste', onPaste);
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [open, busy, start]);

  const status = statusText(flow.phase, flow.percent);
  const zoneState = busy ? 'busy' : dragging ? 'dragging' : 'ready';
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/30" />
        <Dialog.Content
          aria-describedby={hintId}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed top-20 left-1/2 z-50 w-[min(92vw,34rem)] -translate-x-1/2 rounded-xl border border-stone-200 bg-white p-5 shadow-xl"
        >
          <div className="mb-3 flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Search by Image</Dialog.Title>
            <Dialog.Close className="-mr-2 rounded p-2 text-stone-600 hover:text-stone-950" aria-label="Close image search">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <p id={hintId} className="mb-3 text-sm text-stone-600">
            Upload a photo to find similar items online.
          </p>
          <div
            data-testid="image-drop-zone"
            data-state={zoneState}
            className={`flex min-h-52 flex-col items-center justify-center gap-2 rounded-xl border-2 p-6 text-center transition-colors ${
              zoneState === 'ready'
                ? 'border-dashed border-stone-300 bg-stone-50'
                : zoneState === 'dragging'
                  ? 'border-dashed border-accent-600 bg-accent-50'
                  : 'border-solid border-stone-200 bg-white'
            }`}
          >
            {flow.preview ? (
              <ScanningPreview src={flow.preview} status={status} />
            ) : dragging ? (
              <p className="text-base font-medium text-accent-800">Drag and drop the image anywhere</p>
            ) : (
              <>
                <svg aria-hidden width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-stone-500">
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <circle cx="9" cy="10" r="1.8" />
                  <path d="M21 16l-5-5-8 8" />
                </svg>
                <p className="text-sm text-stone-800">
                  Drag or paste an image here, or{' '}
                  <label
                    htmlFor={inputId}
                    className="cursor-pointer font-medium text-accent-700 underline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600"
                  >
                    upload an image
                    <input
                      id={inputId}
                      type="file"
                      accept={ACCEPT_ATTRIBUTE}
                      disabled={busy}
                      className="sr-only"
                      onChange={(e) => {
                        const file = e.currentTarget.files?.[0];
                        e.currentTarget.value = '';
                        void start(file);
                      }}
                    />
                  </label>
                  .
                </p>
                <p className="text-xs text-stone-600">JPG, JPEG, PNG, WEBP</p>
              </>
            )}
          </div>
          <p role="status" aria-live="polite" className="sr-only">
            {status || flow.notice}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Mobile flow of spec §2.5 (≤ 960 px): starts on the file the header's picker chose and shows,
 * while it is processed, a full-screen dialog with the preview, the scanning line, the status
 * (also in a live region) and a close control that cancels. Closes itself when the flow ends.
 */
export function MobileImageSearch({
  file,
  onDone,
  onBusyChange,
  onComplete,
  onClosed,
}: {
  /** The file just picked (a new File object starts a new run). */
  file: File | null;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
  onComplete?: ImageSearchComplete;
  /** Called when the preview has closed, to return focus to the picker. */
  onClosed: () => void;
}) {
  const flow = useImageUpload({ onComplete, onFinished: onDone });
  const { start, cancel, busy } = flow;
  useEffect(() => {
    if (file) void start(file);
  }, [file, start]);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const status = statusText(flow.phase, flow.percent);
  return (
    <Dialog.Root
      open={busy}
      onOpenChange={(next) => {
        if (!next) {
          cancel();
          onDone();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90vh] flex-col gap-4 rounded-t-2xl bg-white p-5 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Search by Image</Dialog.Title>
            <Dialog.Close className="-mr-2 rounded p-2 text-stone-600" aria-label="Cancel image search">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {flow.preview ? <ScanningPreview src={flow.preview} status={status} large /> : null}
          <p role="status" aria-live="polite" className="sr-only">
            {status}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
