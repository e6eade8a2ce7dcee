// Page object for the gateway check-up section of a profile card in Settings.
import type { Locator } from 'playwright-core';
import { SettingsPage } from './settings-page';

export class CheckupPage extends SettingsPage {
  section(profileName: string): Locator {
    return this.card(profileName).getByTestId('checkup-section');
  }

  step(profileName: string, key: string): Locator {
    return this.section(profileName).getByTestId(`checkup-step-${key}`);
  }

  private async runId(profileName: string): Promise<string | null> {
    const view = this.section(profileName).getByTestId('checkup-run-view');
    return (await view.count()) ? view.getAttribute('data-run-id') : null;
  }

  /** Presses a button that starts a run, waits for that run to end, and answers the state of each step. */
  async runWith(profileName: string, start: () => Promise<void>): Promise<Record<string, string>> {
    const before = await this.runId(profileName);
    await start();
    const ended = this.section(profileName).locator('[data-testid="checkup-run-view"]:is([data-run-state="finished"], [data-run-state="cancelled"])');
    await this.page.waitForFunction(
      ([section, old]) => {
        const view = section?.querySelector('[data-testid="checkup-run-view"]');
        return !!view && view.getAttribute('data-run-id') !== old && ['finished', 'cancelled'].includes(view.getAttribute('data-run-state') ?? '');
      },
      [await this.section(profileName).elementHandle(), before] as const,
      { timeout: 60_000, polling: 100 },
    );
    const out: Record<string, string> = {};
    for (const step of await ended.locator('li.checkup-step').all()) out[(await step.getAttribute('data-testid'))!.replace('checkup-step-', '')] = (await step.getAttribute('data-state'))!;
    return out;
  }

  runAgain(profileName: string) {
    return this.runWith(profileName, () => this.section(profileName).getByTestId('checkup-run').click());
  }

  findings(profileName: string, key: string): Promise<string[]> {
    return this.step(profileName, key).getByTestId('checkup-finding').allTextContents();
  }
}
