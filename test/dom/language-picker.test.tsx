// The header's language picker is found by a person who reads only one of the two languages,
// whatever the window shows: its label says "Language" in both, each word and each option marked
// with its own language so a screen reader pronounces it (it read "Language / English" to an
// Arabic reader who had not switched yet, and "اللغة / العربية" to an English one after a switch).
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { LanguagePicker, languagePickerName } from '../../renderer/src/app/language-picker';
import { useLanguage } from '../../renderer/src/i18n';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe.each(['en', 'ar'] as const)('the language picker in a %s window', (language) => {
  it('is named "Language · اللغة" and offers each language in its own words', () => {
    act(() => useLanguage.getState().setLanguage(language));
    render(<LanguagePicker />);
    expect(languagePickerName).toBe('Language · اللغة');
    const picker = screen.getByRole('combobox', { name: languagePickerName });
    expect((picker as HTMLSelectElement).value).toBe(language);
    const label = screen.getByTestId('language-picker-label');
    expect([...label.querySelectorAll('[lang]')].map((word) => [word.getAttribute('lang'), word.textContent])).toEqual([['en', 'Language'], ['ar', 'اللغة']]);
    expect(within(picker).getAllByRole('option').map((option) => [option.getAttribute('lang'), option.textContent])).toEqual([['en', 'English'], ['ar', 'العربية']]);
  });
});
