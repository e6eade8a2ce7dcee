// The production confirmation names the environment and the profile, puts the focus on
// Cancel, and hands back exactly what main's guard accepts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ProductionConfirmDialog, needsProductionConfirmation } from '../../renderer/src/features/settings/production-confirmation';
import { useLanguage } from '../../renderer/src/i18n';
import { requireProductionConfirmation } from '../../main/profiles/production-guard';

const live = { id: 'p-live', name: 'Riyadh live', environment: 'production' as const };

afterEach(() => {
  cleanup();
  act(() => useLanguage.getState().setLanguage('en'));
});

describe('ProductionConfirmDialog', () => {
  it('names production and the profile, and gives the confirmation main accepts', () => {
    const onConfirm = vi.fn();
    render(<ProductionConfirmDialog profile={live} action="Refund SAR 10.50" onConfirm={onConfirm} onCancel={() => undefined} />);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Production');
    expect(dialog.textContent).toContain('Refund SAR 10.50 through the production profile “\u2068Riyadh live\u2069”');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm on production' }));
    expect(onConfirm).toHaveBeenCalledWith({ environment: 'production', profileId: 'p-live' });
    expect(() => requireProductionConfirmation(live, onConfirm.mock.calls[0]![0])).not.toThrow();
  });

  it('cancels with Escape, and is asked for production only', () => {
    const onCancel = vi.fn();
    render(<ProductionConfirmDialog profile={live} action="Charge" onConfirm={() => undefined} onCancel={onCancel} />);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
    expect([needsProductionConfirmation(live), needsProductionConfirmation({ environment: 'sandbox' }), needsProductionConfirmation({ environment: 'practice' })]).toEqual([true, false, false]);
  });

  it('speaks Arabic', () => {
    act(() => useLanguage.getState().setLanguage('ar'));
    render(<ProductionConfirmDialog profile={live} action="استرداد" onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('alertdialog').textContent).toContain('الإنتاج');
  });
});
