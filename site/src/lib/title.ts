import { PRODUCT_NAME } from '@signet/shared/ui/ui.constants';

/** True for a route segment that is a parameter: `[id]`, `[...rest]`, `{id}` or `:id`. */
function isParam(segment: string): boolean {
  return /^\[.*\]$/.test(segment) || /^\{.*\}$/.test(segment) || segment.startsWith(':');
}

/**
 * The page text derived from a route path: the last non-parameter segment with hyphens turned
 * into capitalised words (`/profile/change-password` → `Change Password`, `/view/[srid]` → `View`).
 * Empty for the root.
 */
export function titleFromRoute(routePath: string): string {
  const path = routePath.split(/[?#]/)[0] ?? '';
  const last =
    path
      .split('/')
      .filter((s) => s !== '' && !isParam(s))
      .at(-1) ?? '';
  return last
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The document title (spec section 2): the route's title meta if it is a string, otherwise the
 * text derived from the route path; then ` - Signet`, or `Signet` alone when the text is empty.
 */
export function pageTitle(titleMeta: unknown, routePath: string): string {
  const text = (typeof titleMeta === 'string' ? titleMeta : titleFromRoute(routePath)).trim();
  return text ? `${text} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}
