// A QR code of a payment link, drawn here from the qrcode package's modules as an SVG data URL:
// nothing leaves the computer to draw it (the CSP allows img data:).
import { useMemo } from 'react';
import QRCode from 'qrcode';

export function qrSvg(text: string): string {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const quiet = 4;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  const total = size + quiet * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(text))}`, [text]);
  return <img className="gp-qr" src={src} alt={label} width={192} height={192} data-testid="link-qr" />;
}
