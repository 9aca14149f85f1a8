import type { TSignatureQualities } from './user.schema.ts';

/** No quality at all: the starting point a server fills in. */
export function emptySignatureQualities(): TSignatureQualities {
  return {
    ses: { any: null },
    aes: { any: null },
    aesMinimal: { eidas: null, zertes: null },
    qes: { eidas: null, zertes: null },
    seal: { aes: null, qes: null },
  };
}
