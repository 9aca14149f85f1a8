import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { TUserRow } from '../../db/schema/users.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { siteLink } from './links.ts';

/** Tells the owner that the password changed, with a way out if it was not them. */
export async function enqueuePasswordChangedMail(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  user: Pick<TUserRow, 'email' | 'firstName' | 'lang'>,
  when: Date,
): Promise<void> {
  await enqueueMail(tx, {
    to: user.email,
    template: 'password-changed',
    lang: user.lang,
    data: {
      email: user.email,
      name: user.firstName,
      date: `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      url: siteLink(config, '/password-reset', { lang: user.lang }),
    },
  });
}
