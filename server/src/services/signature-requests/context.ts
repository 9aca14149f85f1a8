import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventActor, EventMeta } from '../../evidence/record-event.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActorRef, LoadedRequest } from './load-for-actor.ts';
import type { MailRequest } from './mail.ts';

/** What every request use case gets: the database, the configuration, the caller and the call's IP/UA. */
export type RequestContext = {
  db: Db;
  config: Config;
  /** The blob store for inline uploads (defaults to the one made from the configuration). */
  blobs?: BlobStore | undefined;
  principal: ActorRef;
  meta: EventMeta;
};

/** The evidence actor of a loaded request's caller. */
export const eventActor = (loaded: LoadedRequest): EventActor => ({
  id: loaded.actor.userId,
  email: loaded.actor.email,
});

/** The mail facts of a loaded request. */
export const mailRequest = (loaded: LoadedRequest): MailRequest => ({
  id: loaded.request.id,
  title: loaded.request.title,
  message: loaded.request.message,
  owner: loaded.owner,
});

/** Every participant address of a request (signers and observers; the owner is added by the mailer). */
export const participantEmails = (
  loaded: Pick<LoadedRequest, 'signers' | 'observers'>,
): string[] => [...loaded.signers.map((s) => s.email), ...loaded.observers.map((o) => o.email)];
