import type { PDF, PdfDict, PdfObject } from '@libpdf/core';
import { asDict, items, nameOf, type Resolve, resolver } from './objects.ts';

/**
 * Active content: what a PDF viewer runs by itself. Signers download the signed document and
 * open it in their own viewer, so a file that runs JavaScript, launches a program or reaches
 * out on opening must not be carried into it.
 *
 * Refused wherever they appear: JavaScript actions and the document's JavaScript name tree,
 * Launch, ImportData and RichMediaExecute actions. Refused when they run without a click (the
 * document's OpenAction and additional actions, a page's additional actions, the page-open and
 * page-visible triggers of annotations): every action except going to a place in the document
 * (GoTo, Named, Trans, SetOCGState, GoTo3DView). A link someone clicks (URI, GoTo) stays.
 */

/** Action types refused wherever they are. */
const ALWAYS = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute']);
/** Action types allowed to run without a click: they only move within the document. */
const QUIET = new Set(['GoTo', 'Named', 'Trans', 'SetOCGState', 'GoTo3DView']);
/** Annotation triggers that fire on viewing the page, not on a click. */
const AUTO_TRIGGERS = new Set(['PO', 'PC', 'PV', 'PI']);

/** One finding: the action type and where it sits (for the error's details). */
export type ActiveContentFinding = { action: string; where: string };

const MAX_FINDINGS = 10;
const MAX_ACTIONS = 10_000;

/** The active content of `doc` (empty when there is none). */
export function findActiveContent(doc: PDF): ActiveContentFinding[] {
  const resolve = resolver(doc);
  const found: ActiveContentFinding[] = [];
  const seen = new Set<PdfObject>();
  let visited = 0;

  /** Checks an action and the actions chained after it with /Next. */
  const action = (o: PdfObject | undefined, where: string, automatic: boolean) => {
    const queue: PdfObject[] = o === undefined ? [] : [o];
    while (queue.length > 0 && found.length < MAX_FINDINGS && visited < MAX_ACTIONS) {
      const dict = asDict(resolve(queue.shift()));
      if (!dict || seen.has(dict)) continue;
      seen.add(dict);
      visited++;
      const type = nameOf(resolve(dict.get('S')));
      if (type !== undefined) {
        if (ALWAYS.has(type) || (automatic && !QUIET.has(type)))
          found.push({ action: type, where });
        // A Rendition action may carry JavaScript of its own.
        else if (type === 'Rendition' && dict.has('JS'))
          found.push({ action: 'JavaScript', where });
      }
      queue.push(...items(dict.get('Next'), resolve));
    }
  };

  /** An additional-actions dictionary: every trigger, automatic ones judged as such. */
  const additional = (aa: PdfObject | undefined, where: string, allAutomatic: boolean) => {
    const dict = asDict(resolve(aa));
    if (!dict) return;
    for (const [key, value] of dict) {
      action(value, `${where} ${key.value}`, allAutomatic || AUTO_TRIGGERS.has(key.value));
    }
  };

  const catalog = doc.getCatalog();
  // An OpenAction may also be a destination array (open at a page): not an action.
  const open = resolve(catalog.get('OpenAction'));
  if (open?.type === 'dict') action(open, 'document OpenAction', true);
  additional(catalog.get('AA'), 'document', true);
  const names = asDict(resolve(catalog.get('Names')));
  if (names?.has('JavaScript')) found.push({ action: 'JavaScript', where: 'document scripts' });

  const pages = doc.getPages();
  for (const page of pages) {
    if (found.length >= MAX_FINDINGS) break;
    const where = `page ${page.index + 1}`;
    additional(page.dict.get('AA'), where, true);
    for (const annot of items(page.dict.get('Annots'), resolve)) {
      const a = asDict(resolve(annot));
      if (!a) continue;
      action(a.get('A'), `${where} annotation`, false);
      additional(a.get('AA'), `${where} annotation`, false);
    }
  }
  // Form fields without a widget on a page can still carry calculation scripts.
  const form = asDict(resolve(catalog.get('AcroForm')));
  if (form) fieldActions(form, resolve, action, additional);
  return found;
}

function fieldActions(
  form: PdfDict,
  resolve: Resolve,
  action: (o: PdfObject | undefined, where: string, automatic: boolean) => void,
  additional: (aa: PdfObject | undefined, where: string, allAutomatic: boolean) => void,
): void {
  const stack = items(form.get('Fields'), resolve);
  const seen = new Set<PdfObject>();
  while (stack.length > 0 && seen.size < MAX_ACTIONS) {
    const field = asDict(resolve(stack.pop()));
    if (!field || seen.has(field)) continue;
    seen.add(field);
    action(field.get('A'), 'form field', false);
    additional(field.get('AA'), 'form field', false);
    stack.push(...items(field.get('Kids'), resolve));
  }
}
