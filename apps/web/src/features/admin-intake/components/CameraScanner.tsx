import { CameraOff, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { createDetector } from '../barcode-reader';

// The camera's viewfinder, a chunk of its own loaded when staff press 'Use camera' (IntakePage).
// It reads frames until a barcode is found, hands its digits over and lets the camera go.

/** How often a frame is read: often enough to feel instant, rarely enough to leave the phone cool. */
const READ_EVERY_MS = 150;

type State = { kind: 'starting' } | { kind: 'reading' } | { kind: 'failed'; message: string };

function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is not allowed. Allow it in the browser’s site settings, or type the number.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found. Type the number, or use a barcode scanner.';
  if (name === 'NotReadableError') return 'The camera is busy in another app. Close it and try again.';
  return 'The camera could not start. Type the number instead.';
}

export default function CameraScanner({
  onDetected,
  onClose,
}: {
  onDetected: (code: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>({ kind: 'starting' });
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({
            video: { facingMode: { ideal: 'environment' } },
            audio: false,
          }),
          createDetector(),
        ]);
        stream = media;
        const el = video.current;
        if (stopped || !el) return stop();
        el.srcObject = media;
        await el.play();
        setState({ kind: 'reading' });
        const read = async () => {
          if (stopped) return;
          try {
            const codes = await detector.detect(el);
            const code = codes.find((c) => c.rawValue.trim() !== '');
            if (code && !stopped) {
              stop();
              detected.current(code.rawValue.trim());
              return;
            }
          } catch {
            // A frame that is not ready yet (the video still starting): read the next one.
          }
          timer = setTimeout(read, READ_EVERY_MS);
        };
        void read();
      } catch (err) {
        stop();
        setState({ kind: 'failed', message: cameraProblem(err) });
      }
    })();
    return stop;
  }, []);

  return (
    <section className="flex w-full max-w-md flex-col gap-3" aria-label="Camera">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-ink-950">
        <video ref={video} muted playsInline className="size-full object-cover" aria-label="Camera view" />
        {state.kind === 'reading' ? (
          <div
            className="pointer-events-none absolute inset-x-8 top-1/2 h-24 -translate-y-1/2 rounded-lg ring-2 ring-white/80"
            aria-hidden="true"
          />
        ) : null}
        {state.kind === 'starting' ? (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm font-medium text-white">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Starting the camera…
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className="absolute inset-0 flex items-center justify-center text-white/80">
            <CameraOff className="size-10" aria-hidden="true" />
          </div>
        ) : null}
      </div>
      <p
        className={state.kind === 'failed' ? 'text-sm font-medium text-danger-700' : 'text-sm text-ink-700'}
        role="status"
      >
        {state.kind === 'reading'
          ? 'Hold the barcode inside the frame.'
          : state.kind === 'failed'
            ? state.message
            : 'Starting the camera…'}
      </p>
      <div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Stop camera
        </Button>
      </div>
    </section>
  );
}
