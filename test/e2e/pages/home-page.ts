import type { Locator } from 'playwright-core';
import { AppPage } from './app-page';

export class HomePage extends AppPage {
  get version(): Locator {
    return this.page.getByTestId('app-version');
  }
  get runtime(): Locator {
    return this.page.getByTestId('app-runtime');
  }
  get profile(): Locator {
    return this.page.getByTestId('home-profile');
  }
}
