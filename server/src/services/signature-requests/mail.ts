import { randomBytes } from 'node:crypto';
import { codeFromLang } from '@signet/shared/i18n/lang.rules';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailConfirmations } from '../../db/schema/email-confirmations.ts';
import { users } from '../../db/schema/users.ts';
import {
  enqueueMail,
  enqueueMails,
  type JobRows,
  type MailAttachmentRef,
  type MailJobPayload,
} from '../../mail/outbox.ts';
import { loadMailStrings, normalizeLang } from '../../mail/templates/index.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import { siteLink } from '../auth/links.ts';

/** What the request services need from the app configuration. */
export type RequestMailConfig = Pick<Config, 'publicUrl'>;

/** A fresh claim token for a signer slot's "not your address?" link (32 random bytes). */
export const newClaimToken = (): string => randomBytes(32).toString('base64url');

/** The facts of a request the mails use. */
export type MailRequest = {
  id: string;
  title: string;
  message: string | null;
  owner: { email: string; firstName: string; lastName: string; lang: string };
};

/** The accounts (language, whether one exists) of a set of addresses. */
export async function accountsByEmail(
  db: DbOrTx,
  emails: readonly string[],
): Promise<Map<string, { lang: string }>> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(inArray(users.email, unique));
  return new Map(rows.map((r) => [r.email.toLowerCase(), { lang: r.lang }]));
}

/** The signup flow of an invitation's token (kept with the token, answered by valid-confirmation). */
export const INVITATION_FLOW = 'invitation';
/** How long an invitation's signup token works; every reminder brings a fresh one. */
export const INVITATION_TOKEN_DAYS = 30;

/**
 * The links mails about request `requestId` carry, by recipient address. Decision: an address
 * with an account goes to `/view/{id}` (logging in first when needed). An address without one
 * gets `/signup/steps?token=…&redirect=/view/{id}`: the token is a single-use signup token bound
 * to that address (an `email_confirmations` row, flow `invitation`, only its hash stored), so the
 * mail itself proves the address and the invitee sets name, password and terms on one page and
 * lands on the request, without a second mail. One insert for all recipients.
 */
export async function requestLinks(
  tx: DbOrTx,
  config: RequestMailConfig,
  requestId: string,
  recipients: readonly { email: string; lang: string }[],
  accounts: Map<string, { lang: string }>,
): Promise<Map<string, string>> {
  const view = `/view/${requestId}`;
  const links = new Map<string, string>();
  const tokens: (typeof emailConfirmations.$inferInsert)[] = [];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TOKEN_DAYS * 86_400_000);
  for (const { email, lang } of recipients) {
    if (accounts.has(email)) {
      links.set(email, siteLink(config, view));
      continue;
    }
    const token = newToken();
    const code = codeFromLang(normalizeLang(lang));
    tokens.push({
      email,
      tokenHash: hashToken(token),
      flow: INVITATION_FLOW,
      lang: code,
      createdAt: now,
      expiresAt,
    });
    links.set(email, siteLink(config, '/signup/steps', { token, redirect: view, lang: code }));
  }
  if (tokens.length > 0) await tx.insert(emailConfirmations).values(tokens);
  return links;
}

/** The address to send and `/sendto/{token}` for a slot that is not the reader's own address. */
export const claimLink = (config: RequestMailConfig, token: string): string =>
  siteLink(config, `/sendto/${token}`);

const ownerName = (r: MailRequest) =>
  `${r.owner.firstName} ${r.owner.lastName}`.trim() || r.owner.email;

/** "Message: …" in the recipient's language, or '' when there is no message. */
function messageLine(lang: string, message: string | null | undefined): string {
  if (!message?.trim()) return '';
  const label = loadMailStrings(normalizeLang(lang))['request-mail.messageLabel'] ?? 'Message';
  return `${label}: «${message.trim()}»`;
}

/** "The files are attached" in the recipient's language. */
function attachmentsLine(lang: string): string {
  return loadMailStrings(normalizeLang(lang))['request-completed.attachments'] ?? '';
}

/**
 * Decision (per recipient language): a recipient with an account gets their account's language;
 * an address without an account gets the owner's language.
 */
function recipientLang(
  accounts: Map<string, { lang: string }>,
  email: string,
  request: MailRequest,
): string {
  return accounts.get(email)?.lang ?? request.owner.lang;
}

export type InvitationKind = 'request-invitation' | 'request-reminder';

/** Queues an invitation or a reminder to one signer, in the caller's transaction. */
export async function mailSigner(...args: Parameters<typeof signerMail>): Promise<void> {
  await enqueueMail(args[0], await signerMail(...args));
}

/**
 * The invitation or reminder {@link mailSigner} queues, not queued yet (an address without an
 * account gets its sign-up link, written in the caller's transaction).
 */
export async function signerMail(
  tx: DbOrTx,
  config: RequestMailConfig,
  request: MailRequest,
  signer: { email: string; claimToken: string },
  kind: InvitationKind,
  accounts?: Map<string, { lang: string }>,
  branding?: MailBranding,
): Promise<MailJobPayload> {
  const known = accounts ?? (await accountsByEmail(tx, [signer.email]));
  const lang = recipientLang(known, signer.email, request);
  const links = await requestLinks(tx, config, request.id, [{ email: signer.email, lang }], known);
  return {
    to: signer.email,
    template: kind,
    lang,
    data: {
      title: request.title,
      ownerName: ownerName(request),
      ownerEmail: request.owner.email,
      email: signer.email,
      messageLine: messageLine(lang, request.message),
      url: links.get(signer.email),
      claimUrl: claimLink(config, signer.claimToken),
      ...branding,
    },
  };
}

export type NoticeKind =
  | 'request-declined'
  | 'request-withdrawn'
  | 'request-expired'
  | 'request-completed';

/** A business's mark in its mails: the logo (absolute URL) and its name as the image's text. */
export type MailBranding = { logoUrl: string; logoAlt: string };

/** The branding of a request's business for its mails, when the business has a logo. */
export function brandingOf(
  config: RequestMailConfig,
  business: { name: string; settings: { companyBranding: { logo: { url: string } | null } } },
): MailBranding | undefined {
  const logo = business.settings.companyBranding.logo;
  return logo ? { logoUrl: `${config.publicUrl}${logo.url}`, logoAlt: business.name } : undefined;
}

/**
 * The direct signers among `signers` (address → their language, null for the owner's): they
 * have no account and their link ends with the request, so their notices carry no link.
 */
export function directSignerLangs(
  signers: readonly { email: string; directNonce: string | null; lang: string | null }[],
): Map<string, string | null> {
  return new Map(
    signers.filter((s) => s.directNonce !== null).map((s) => [s.email.toLowerCase(), s.lang]),
  );
}

/**
 * Queues a notice to every participant (owner, signers, observers; each address once),
 * except `exclude` (whoever caused it), each in their own language. Direct signers (`direct`)
 * get the `…-direct` variant in their language (Italian possible), without a link: the sender
 * is their contact.
 */
export async function mailParticipants(
  tx: DbOrTx,
  config: RequestMailConfig,
  request: MailRequest,
  participants: readonly string[],
  kind: NoticeKind,
  details: {
    actorName?: string;
    message?: string | null;
    exclude?: string | null;
    direct?: ReadonlyMap<string, string | null>;
    attachments?: MailAttachmentRef[];
    branding?: MailBranding | undefined;
    /** The mail rows go here, for the caller's statement, instead of being inserted. */
    into?: JobRows;
  },
): Promise<void> {
  const recipients = [
    ...new Set([request.owner.email, ...participants].map((e) => e.toLowerCase())),
  ].filter((e) => e !== details.exclude?.toLowerCase());
  const accounts = await accountsByEmail(tx, recipients);
  const addressed = recipients.map((to) => {
    const direct = details.direct?.has(to) === true && !accounts.has(to);
    const lang = direct
      ? (details.direct?.get(to) ?? request.owner.lang)
      : recipientLang(accounts, to, request);
    return { to, direct, lang };
  });
  const links = await requestLinks(
    tx,
    config,
    request.id,
    addressed.filter((r) => !r.direct).map((r) => ({ email: r.to, lang: r.lang })),
    accounts,
  );
  // One insert for everyone: a completion notice goes to every participant at once.
  await enqueueMails(
    tx,
    addressed.map(({ to, direct, lang }) => {
      return {
        to,
        template: direct ? `${kind}-direct` : kind,
        lang,
        data: {
          title: request.title,
          ownerName: ownerName(request),
          ownerEmail: request.owner.email,
          actorName: details.actorName ?? ownerName(request),
          messageLine: messageLine(lang, details.message),
          ...(direct ? {} : { url: links.get(to) }),
          ...details.branding,
          attachmentsLine: details.attachments ? attachmentsLine(lang) : '',
        },
        ...(details.attachments ? { attachments: details.attachments } : {}),
      };
    }),
    details.into,
  );
}
