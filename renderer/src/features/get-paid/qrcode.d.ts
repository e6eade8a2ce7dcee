// The part of the qrcode package Paydesk uses: the symbol's modules, drawn here as SVG.
declare module 'qrcode' {
  const QRCode: { create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: { size: number; data: Uint8Array | boolean[] } } };
  export default QRCode;
}
