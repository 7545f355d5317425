import type { DeskAppointment, DeskWalkIn } from '@rebound/contract/pickup';
import { formatShortCode, normalizeShortCode, PICKUP_QR_PREFIX } from '@rebound/core/pickup';
import { Camera, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessageOf } from '../../../lib/api-client';
import { formatDateKey } from '../../../lib/format-date';
import { type DeskSearch, useDeskLookup } from '../api';
import { visitsOf, walkInsByShopper } from './visits';

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

/** Typed or scanned text that is a pickup code ('ABC-234', 'abc234', the QR text), else null. */
function codeOf(text: string): string | null {
  const t = text.trim();
  const shaped =
    t.toUpperCase().startsWith(PICKUP_QR_PREFIX) || /^[A-Za-z0-9]{3}[\s\-_.]?[A-Za-z0-9]{3}$/.test(t);
  return shaped ? normalizeShortCode(t) : null;
}

/**
 * The search box: a USB scanner types the QR text ('REBOUND-PICKUP:ABC234') followed by Enter, a person
 * types 'ABC-234', or the shopper's name, email or order number (a shopper without an appointment:
 * docs/decisions/080-pickup-missed-walk-ins.md). With the BarcodeDetector API (Chrome, Edge, Android)
 * the camera can read the QR too. A code opens its visit at once; a search lists what it found.
 */
export function CodeLookup({
  onFound,
  onWalkIn,
}: {
  onFound: (items: DeskAppointment[]) => void;
  onWalkIn: (items: DeskWalkIn[]) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<DeskSearch | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const lookup = useDeskLookup(search);
  const input = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const canScan = typeof window !== 'undefined' && 'BarcodeDetector' in window;
  const byCode = search !== null && 'code' in search;

  useEffect(() => {
    if (!byCode || !lookup.data) return;
    const { appointments, walkIns } = lookup.data;
    if (appointments.length > 0) onFound(appointments);
    else if (walkIns.length > 0) onWalkIn(walkIns);
  }, [byCode, lookup.data, onFound, onWalkIn]);

  const submit = (value: string) => {
    const code = codeOf(value);
    if (code) {
      setInvalid(null);
      setSearch({ code });
      return;
    }
    if (value.trim().length < 2) {
      setInvalid('Type a pickup code (like ABC-234), an order number, a name or an email.');
      return;
    }
    setInvalid(null);
    setSearch({ q: value.trim() });
  };

  const found = lookup.data;
  const nothing = found && found.appointments.length === 0 && found.walkIns.length === 0;
  return (
    <section className="rounded-card border border-ink-200 bg-white p-4" aria-labelledby="desk-lookup">
      <h2 id="desk-lookup" className="mb-3 flex items-center gap-2 text-base font-bold text-ink-950">
        <ScanLine className="size-5" aria-hidden="true" />
        Find a shopper
      </h2>
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit(text);
        }}
      >
        <TextField
          ref={input}
          className="min-w-0 flex-1"
          label="Pickup code or scanned QR, order number, name or email"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={invalid ?? undefined}
          hint="Scan the QR code, type the code the shopper reads out, or find a walk-in by order number, name or email."
        />
        {/* Level with the input, below its label (the hint may wrap under it). */}
        <Button type="submit" className="mt-6.5" loading={lookup.isFetching}>
          Find
        </Button>
      </form>
      {canScan ? (
        <CameraScan
          active={scanning}
          onToggle={() => setScanning((s) => !s)}
          onCode={(value) => {
            setScanning(false);
            setText(value);
            submit(value);
          }}
        />
      ) : null}
      <div aria-live="polite" className="mt-3 text-sm">
        {lookup.isError ? <FormAlert>{errorMessageOf(lookup.error)}</FormAlert> : null}
        {nothing ? (
          <p className="rounded-lg bg-danger-50 px-3 py-2 text-danger-700">
            {search && 'code' in search
              ? `No appointment has the code ${formatShortCode(search.code)}. Check it with the shopper.`
              : 'No paid order or appointment matches. Check the spelling, or try the order number.'}
          </p>
        ) : null}
        {found && !byCode && !nothing ? (
          <ul className="flex flex-col gap-2" data-testid="desk-search-results">
            {visitsOf(found.appointments).map((visit) => (
              <li
                key={visit[0]!.appointmentId}
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-ink-200"
              >
                <p className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold text-ink-900">{visit[0]!.shopperName}</span> ·{' '}
                  <span className="font-mono">
                    {visit[0]!.shortCode ? formatShortCode(visit[0]!.shortCode) : '—'}
                  </span>{' '}
                  · {formatDateKey(visit[0]!.date)}, {visit[0]!.timeLabel} ·{' '}
                  {visit.map((a) => a.productTitle).join(', ')}
                </p>
                <Button size="sm" variant="secondary" onClick={() => onFound(visit)}>
                  Open visit<span className="sr-only">: {visit[0]!.shopperName}</span>
                </Button>
              </li>
            ))}
            {walkInsByShopper(found.walkIns).map((items) => (
              <li
                key={items[0]!.shopperEmail}
                data-testid="desk-walk-in-result"
                className="flex flex-wrap items-center gap-2 rounded-lg px-3 py-2 ring-1 ring-ink-200"
              >
                <p className="min-w-0 flex-1 basis-48">
                  <span className="font-semibold text-ink-900">{items[0]!.shopperName}</span> · no appointment
                  · {items.map((i) => `${i.productTitle} (#${i.orderNumber})`).join(', ')}
                </p>
                <Button size="sm" onClick={() => onWalkIn(items)}>
                  Hand over walk-in<span className="sr-only">: {items[0]!.shopperName}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function CameraScan({
  active,
  onToggle,
  onCode,
}: {
  active: boolean;
  onToggle: () => void;
  onCode: (value: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const Ctor = (window as unknown as { BarcodeDetector: new (o: { formats: string[] }) => Detector })
      .BarcodeDetector;
    const detector = new Ctor({ formats: ['qr_code'] });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stopped && video.current) {
          const codes = await detector.detect(video.current);
          if (codes[0]) {
            onCode(codes[0].rawValue);
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } catch (e) {
        setError(
          e instanceof Error ? `The camera could not be used: ${e.message}` : 'The camera could not be used.',
        );
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [active, onCode]);
  return (
    <div className="mt-3">
      <Button variant="secondary" size="sm" onClick={onToggle}>
        <Camera aria-hidden="true" />
        {active ? 'Stop camera' : 'Scan with the camera'}
      </Button>
      {error ? <p className="mt-2 text-sm text-danger-700">{error}</p> : null}
      {active ? <video ref={video} className="mt-2 w-full rounded-xl bg-ink-900" muted playsInline /> : null}
    </div>
  );
}
