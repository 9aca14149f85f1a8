import type { Config } from '../config.ts';

/** A rendered message ready to send. */
export type MailMessage = {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `Content-Language`. */
  headers?: Record<string, string>;
  attachments?: MailFile[];
};

/** A file attached to a mail. */
export type MailFile = { filename: string; contentType: string; content: Uint8Array };

export type SendResult = { messageId?: string };

/**
 * Where rendered mail goes. `smtp` hands it to an SMTP server (nodemailer); `mailbox` keeps it
 * in the outbox table only (readable at /dev/mailbox outside production).
 */
export type Mailer = {
  kind: 'smtp' | 'mailbox';
  send: (message: MailMessage) => Promise<SendResult>;
  close: () => Promise<void>;
};

/** The mailbox transport: nothing leaves the process; the job row keeps the message. */
export function createMailboxMailer(): Mailer {
  return {
    kind: 'mailbox',
    send: async () => ({}),
    close: async () => {},
  };
}

/** An SMTP transport through nodemailer (loaded on first use). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  let transport: import('nodemailer').Transporter | undefined;
  const get = async () => {
    if (!transport) {
      const nodemailer = (await import('nodemailer')).default;
      transport = nodemailer.createTransport(smtpUrl);
    }
    return transport;
  };
  return {
    kind: 'smtp',
    async send(message) {
      const t = await get();
      const info = await t.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content),
              })),
            }
          : {}),
      });
      return { messageId: info.messageId };
    },
    async close() {
      transport?.close();
    },
  };
}

/** SMTP when `SMTP_URL` is set, the dev mailbox otherwise. */
export function createMailer(config: Pick<Config, 'smtpUrl'>): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createMailboxMailer();
}
