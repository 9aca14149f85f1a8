import { DIRECT_VIA_QUERY } from '@signet/shared/direct-sign/direct-sign.constants';
/** Whether a direct signer was sent to this page (`?via=direct`). */
export function viaDirect(url: URL): boolean {
  return url.searchParams.get(DIRECT_VIA_QUERY.name) === DIRECT_VIA_QUERY.value;
}
