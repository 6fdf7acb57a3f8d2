import { expect, type Locator } from '@playwright/test';

/**
 * Clicks an item of an MUI menu once the menu has finished opening. The menu grows into place
 * (MUI's Grow: scale and opacity, ~300 ms), so its items move under the pointer while it opens;
 * on a busy 2-core machine a click aimed at an item during that transition can land beside it
 * (CI once saw Logout "clicked" with the menu left open and no request sent). Grow sets the
 * paper's transform to `none` when it has entered.
 */
export async function clickMenuItem(item: Locator): Promise<void> {
  await expect(item.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " MuiPopover-paper ")][1]')).toHaveCSS(
    'transform',
    'none',
  );
  await item.click();
}
