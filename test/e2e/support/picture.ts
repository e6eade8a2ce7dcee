// A saved picture read back by Chromium itself (no image library): a test can tell that what the
// README shows is not crossed by something drawn over it.
import { readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/**
 * The rows of a PNG that are one CSS colour (`rgb(26, 127, 55)`) from edge to edge: a line drawn
 * across the picture, such as the sticky header's. Within 2 of each channel, for the encoding.
 */
export async function linesAcross(context: BrowserContext, path: string, colour: string): Promise<number[]> {
  const page = await context.newPage();
  try {
    return await page.evaluate(async ([base64, css]) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const drawing = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      drawing.drawImage(bitmap, 0, 0);
      const { data, width, height } = drawing.getImageData(0, 0, bitmap.width, bitmap.height);
      const want = css.match(/\d+/g)!.slice(0, 3).map(Number);
      const near = (i: number) => want.every((v, c) => Math.abs(data[i + c]! - v) <= 2);
      const rows: number[] = [];
      for (let y = 0; y < height; y++) {
        let across = true;
        for (let x = 0; x < width && across; x++) across = near((y * width + x) * 4);
        if (across) rows.push(y);
      }
      return rows;
    }, [readFileSync(path).toString('base64'), colour] as const);
  } finally {
    await page.close();
  }
}
