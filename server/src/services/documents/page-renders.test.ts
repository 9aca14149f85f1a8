import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageRenders } from '../../db/schema/page-renders.ts';
import { makeTestPdf } from '../../pdf/make-test-pdf.ts';
import { createDocumentsTestApp } from '../../routes/documents/testing.ts';
import { FsBlobStore } from '../../storage/fs-blob-store.ts';
import { testPdfPool } from '../../testing/pdf-pool.ts';
import {
  lookupRender,
  type RenderDeps,
  renderKey,
  renderRow,
  startRender,
} from './page-renders.ts';

type App = Awaited<ReturnType<typeof createDocumentsTestApp>>;
let t: App;
let deps: RenderDeps;
let sha256: string;

beforeAll(async () => {
  t = await createDocumentsTestApp();
  deps = { db: t.db, blobs: new FsBlobStore(t.dataDir), pdf: testPdfPool() };
  sha256 = (await deps.blobs.put(await makeTestPdf({ pages: 4, title: 'renders' }))).sha256;
});
afterAll(() => t.cleanup());

const row = async (page: number, scale: number) =>
  (
    await t.db
      .select()
      .from(pageRenders)
      .where(renderRow(sha256, page, scale))
  )[0];

describe('page renders', () => {
  it('claims, draws and stores an image once; callers at the same time share the render', async () => {
    expect(await lookupRender(deps, sha256, 1, 100)).toEqual({ state: 'none' });
    const running = startRender(deps, sha256, 1, 100);
    const twin = startRender(deps, sha256, 1, 100);
    expect(twin).toBe(running);
    // Meanwhile every instance sees the claim. On PostgreSQL the claim commits on a connection of
    // its own, so wait for it; on a loaded machine the drawing may even be done by then.
    const claimed = await vi.waitFor(async () => {
      const status = (await row(1, 100))?.status;
      expect(status).toBeDefined();
      return status;
    });
    expect(['rendering', 'done']).toContain(claimed);
    if (claimed === 'rendering') {
      expect(['rendering', 'done']).toContain((await lookupRender(deps, sha256, 1, 100)).state);
    }
    expect(await running).toEqual({ kind: 'done', key: renderKey(sha256, 1, 100) });
    const found = await lookupRender(deps, sha256, 1, 100);
    expect(found.state).toBe('done');
    expect((await row(1, 100))?.bytes).toBe(
      found.state === 'done' ? found.png.byteLength : Number.NaN,
    );
    // A later call does not draw again: the claim is refused while the image is there.
    expect(await startRender(deps, sha256, 1, 100)).toEqual({ kind: 'elsewhere' });
  });

  it('a claim of another instance blocks drawing until its lease runs out', async () => {
    await t.db.insert(pageRenders).values({
      sha256,
      page: 2,
      scale: 100,
      status: 'rendering',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(await startRender(deps, sha256, 2, 100)).toEqual({ kind: 'elsewhere' });
    await t.db
      .update(pageRenders)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(and(eq(pageRenders.sha256, sha256), eq(pageRenders.page, 2)));
    // The other instance crashed: the render is taken over.
    expect((await startRender(deps, sha256, 2, 100)).kind).toBe('done');
  });

  it('draws again when the stored image is gone', async () => {
    await startRender(deps, sha256, 3, 50);
    await deps.blobs.delete(renderKey(sha256, 3, 50));
    expect(await lookupRender(deps, sha256, 3, 50)).toEqual({ state: 'lost' });
    expect(await startRender(deps, sha256, 3, 50, { lost: true })).toMatchObject({ kind: 'done' });
    expect((await lookupRender(deps, sha256, 3, 50)).state).toBe('done');
  });

  it('answers a stored image from the blob store, without its row', async () => {
    await startRender(deps, sha256, 4, 50);
    // Between the budget's two steps (row dropped, image not yet) the image is still right.
    await t.db
      .delete(pageRenders)
      .where(and(eq(pageRenders.sha256, sha256), eq(pageRenders.page, 4)));
    const found = await lookupRender(deps, sha256, 4, 50);
    expect(found.state).toBe('done');
    expect(found.state === 'done' && found.png).toEqual(
      await deps.blobs.get(renderKey(sha256, 4, 50)),
    );
  });

  it('remembers a page that cannot be drawn, for every instance', async () => {
    const state = await startRender(deps, sha256, 9, 100);
    expect(state).toMatchObject({ kind: 'failed', error: { code: 'PAGE_NOT_FOUND', status: 404 } });
    const found = await lookupRender(deps, sha256, 9, 100);
    expect(found).toMatchObject({ state: 'failed', error: { code: 'PAGE_NOT_FOUND' } });
  });

  it('keeps the images of one PDF within the budget, dropping the oldest', async () => {
    const budgeted: RenderDeps = { ...deps, budgetBytes: 1 };
    const pdf = (await deps.blobs.put(await makeTestPdf({ pages: 3, title: 'budget' }))).sha256;
    await startRender(budgeted, pdf, 1, 50);
    await startRender(budgeted, pdf, 2, 50);
    // Over a one-byte budget only the newest image stays.
    expect((await lookupRender(deps, pdf, 1, 50)).state).toBe('none');
    expect(await deps.blobs.has(renderKey(pdf, 1, 50))).toBe(false);
    expect((await lookupRender(deps, pdf, 2, 50)).state).toBe('done');
  });
});
