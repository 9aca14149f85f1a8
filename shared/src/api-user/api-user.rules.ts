import type { TCallbackKind } from './api-user.constants.ts';

/**
 * The callback a request's event calls: `success` when the request is completed, `error` when it
 * ends otherwise (declined, withdrawn, expired), `update` for the steps between (initiated, a
 * signature, a delegation); null for events an integration need not hear about (views, codes,
 * downloads, reminders, the creation it made itself).
 */
export function callbackKindOf(eventType: string): TCallbackKind | null {
  switch (eventType) {
    case 'completed':
      return 'success';
    case 'declined':
    case 'withdrawn':
    case 'expired':
      return 'error';
    case 'initiated':
    case 'signed':
    case 'delegated':
    case 'signer_added':
    case 'signer_removed':
      return 'update';
    default:
      return null;
  }
}

/** A username from an API user's name: `api_`, the name's letters and digits, `_`, a suffix. */
export function apiUsername(name: string, suffix: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `api_${slug || 'user'}_${suffix}`;
}
