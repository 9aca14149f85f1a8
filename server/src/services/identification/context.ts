import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import type { IdentificationProvider } from '../../providers/identification/identification-provider.ts';
import { createSandboxIdentProvider } from '../../providers/identification/sandbox.ts';
import type { ParticipantRef } from '../signature-requests/load-for-actor.ts';

/**
 * What the identification use cases get (the service context shape). The principal is an account
 * or a direct signer (role nas), who identifies for their own signer slot (`ident-person.ts`).
 */
export type IdentContext<P extends ParticipantRef = ParticipantRef> = {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mode' | 'platform'>;
  principal: P;
  meta: EventMeta;
};

/**
 * The identification provider of this instance: the sandbox outside production; none in
 * production until a real provider is configured (503 IDENT_UNAVAILABLE), so no one can pass
 * their own identification on a live system.
 */
export function identProvider(ctx: Pick<IdentContext, 'config'>): IdentificationProvider {
  if (ctx.config.mode === 'production') {
    throw new AppError(
      'IDENT_UNAVAILABLE',
      503,
      'Identification is not available on this instance.',
    );
  }
  return createSandboxIdentProvider(ctx.config.publicUrl);
}
