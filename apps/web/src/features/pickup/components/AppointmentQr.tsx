import { QRCodeSVG } from 'qrcode.react';

/** The appointment's QR code (its own chunk: only the Appointments tab needs the encoder). */
export default function AppointmentQr({ payload, label }: { payload: string; label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="appointment-qr"
      className="rounded-lg bg-white p-2 ring-1 ring-ink-200"
    >
      <QRCodeSVG
        value={payload}
        size={128}
        level="M"
        marginSize={0}
        aria-hidden="true"
        className="block size-28 sm:size-32"
      />
    </div>
  );
}
