import { PRODUCT_NAME } from '@signet/shared/ui/ui.constants';
import { useEffect } from 'react';

/** Spec section 2: the document title is the page's text, a dash, then the product name. */
export function usePageTitle(text: string): void {
  useEffect(() => {
    const clean = text.trim();
    document.title = clean ? `${clean} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [text]);
}
