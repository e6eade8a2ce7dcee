// A moment as the lists' cells draw it (RowMoment), as one line of text: what a screen that writes
// its moments as the lists do is compared with (the detail, backups). The component is imported
// on first use, after the test file has stubbed main, as the files import the renderer's modules.
import { render } from '@testing-library/react';

export async function rowMomentText(iso: string): Promise<string> {
  const { RowMoment } = await import('../../renderer/src/ui/row-moment');
  const { container, unmount } = render(<RowMoment iso={iso} />);
  const text = container.textContent!;
  unmount();
  return text;
}
