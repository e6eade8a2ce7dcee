// The environment marker staff rely on to know where money goes, in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { EnvironmentBadge } from '../../renderer/src/app/environment-badge';
import { applyDocumentLanguage, useLanguage } from '../../renderer/src/i18n';

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('EnvironmentBadge', () => {
  it.each([
    ['production', 'Production', 'env-production'],
    ['sandbox', 'Sandbox', 'env-sandbox'],
    ['practice', 'Practice', 'env-practice'],
  ] as const)('marks %s as %s', (environment, text, className) => {
    render(<EnvironmentBadge environment={environment} />);
    const badge = screen.getByTestId('environment-badge');
    expect(badge.textContent).toBe(text);
    expect(badge.className).toContain(className);
    expect(badge.getAttribute('title')).toBeTruthy();
  });

  it('speaks Arabic and turns the document right to left when Arabic is chosen', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    applyDocumentLanguage(useLanguage.getState().language);
    render(<EnvironmentBadge environment="production" />);
    expect(screen.getByTestId('environment-badge').textContent).toBe('الإنتاج');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('paydesk.language')).toBe('ar');
  });
});
