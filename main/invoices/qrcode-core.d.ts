// The qrcode package's encoder alone (lib/core/qrcode.js): its main file also loads the PNG and
// terminal renderers (pngjs, zlib) when main's modules load, which the preview's start should not wait for.
declare module 'qrcode/lib/core/qrcode.js' {
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: { size: number; data: Uint8Array | boolean[] } };
}
