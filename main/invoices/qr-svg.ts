// A QR code as an SVG drawn from the qrcode package's modules (the same drawing as the
// renderer's share panel), for the invoice document: nothing leaves the computer. Only the
// encoder is imported (qrcode-core.d.ts): the package's main file loads renderers we do not use.
import { create } from 'qrcode/lib/core/qrcode.js';

export function qrSvg(text: string, errorCorrectionLevel: 'L' | 'M' = 'M'): string {
  const { size, data } = create(text, { errorCorrectionLevel }).modules;
  const quiet = 4;
  let path = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  const total = size + quiet * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}

export const qrDataUrl = (text: string) => `data:image/svg+xml;base64,${Buffer.from(qrSvg(text)).toString('base64')}`;
