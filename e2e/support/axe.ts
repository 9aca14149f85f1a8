/**
 * One axe-core scan of a page as it is now, for the specs that judge accessibility.
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.x A and AA, up to 2.2: what the product is held to (spec: every page, axe-core). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's source, set up as @axe-core/playwright's legacy mode sets it up: it talks to the
 * page's frames of the same origin only (no cross-origin frame is part of the product).
 */
const AXE = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/** In the page: axe.run over the document, the serious and critical violations as lines. */
async function scan(tags: string[]): Promise<string[]> {
  // In the browser (the e2e project has no DOM types).
  const { axe: inPage, document } = globalThis as unknown as {
    axe: typeof axe;
    document: axe.ElementContext;
  };
  const results = await inPage.run(document, {
    runOnly: { type: 'tag', values: tags },
    // Passes and the like are not read: one node each instead of every node of the page.
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The serious and critical violations of `tags` on the page, one line each (the rule and the
 * elements), for `expect(…).toEqual([])`.
 *
 * axe is put into each frame once and runs in the page, the violations are formatted there.
 * @axe-core/playwright did the same work at about twice the cost: its `analyze()` evaluated
 * axe's 650 KB source twice in the main frame (once to probe, once to inject), and its default
 * mode also opened a blank page per scan to merge frame results (needed only for cross-origin
 * frames). Same-origin frames are still scanned.
 */
export async function seriousViolations(page: Page, tags: readonly string[]): Promise<string[]> {
  const main = page.mainFrame();
  await main.evaluate(AXE);
  // A child frame may be gone by now: as before, one that cannot take axe is left out.
  const children = page.frames().filter((frame) => frame !== main);
  await Promise.all(children.map((frame) => frame.evaluate(AXE).catch(() => undefined)));
  return main.evaluate(scan, [...tags]);
}
