import { encode } from 'uqr';

/**
 * A QR code drawn in the browser from `value` (nothing is sent anywhere to draw it): one SVG path of
 * dark squares, crisp at any size. Medium error correction, a quiet zone of 4 modules as scanners expect.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const qr = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-line bg-white"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
