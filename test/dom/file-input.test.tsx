// A file field speaks the app's language, not the system's: the browser's own file input would
// say "Choose File / No file chosen" in an Arabic screen. The real input stays the control.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Field } from '../../renderer/src/features/settings/field';
import { useLanguage } from '../../renderer/src/i18n';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

const choose = (file: File) => fireEvent.change(screen.getByLabelText('الشعار'), { target: { files: [file] } });

describe('a file field', () => {
  it('words its button and its empty state in Arabic, and shows the chosen file by its name', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    const onFile = vi.fn();
    const { container } = render(<Field id="logo" label="الشعار" accept="image/png" onFile={onFile} />);
    const field = container.querySelector('.file-input')!;
    expect(field.textContent).toBe('اختر ملفًا…لم يُختر أي ملف');
    const file = new File(['x'], 'شعار المتجر.png', { type: 'image/png' });
    choose(file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(field.querySelector('.file-input-chosen')!.textContent).toBe('شعار المتجر.png');
  });

  it('opens the system chooser from its own button, through the labelled input', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Field id="ca" label="Pinned certificate authority" accept=".pem" onFile={() => undefined} />);
    const input = screen.getByLabelText('Pinned certificate authority') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.pem');
    fireEvent.click(screen.getByText('Choose a file…'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toBe(input);
    click.mockRestore();
  });

  it('keeps the keyboard on the labelled input once a file is chosen with the pointer, not on the button screen readers skip', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Field id="bulk" label="CSV file" accept=".csv" onFile={() => undefined} />);
    const input = screen.getByLabelText('CSV file');
    const button = screen.getByText('Choose a file…');
    expect(button.getAttribute('aria-hidden')).toBe('true');
    button.focus(); // as a press does in Chromium (jsdom's click moves no focus)
    fireEvent.click(button);
    fireEvent.change(input, { target: { files: [new File(['x'], 'april.csv', { type: 'text/csv' })] } });
    expect(document.activeElement).toBe(input);
    click.mockRestore();
  });
});
