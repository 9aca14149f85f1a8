/**
 * One axe-core scan of a page as it is now, for the specs that judge accessibility.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.x A and AA, up to 2.2: what the product is held to (spec: every page, axe-core). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The serious and critical violations of `tags` on the page, one line each (the rule and the
 * elements), for `expect(…).toEqual([])`.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode). The default mode runs axe in every
 * frame and then opens a blank page of the context to merge the frames' results — a new page
 * and a second injection of axe per scan, which took more than half of each scan's time here.
 * The merge matters only for cross-origin frames, which no page of the product has; same-origin
 * frames are still scanned.
 */
export async function seriousViolations(page: Page, tags: readonly string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags([...tags])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
