import { messages, translate, type Vars } from '@signet/locales';
import { DEFAULT_LANG, type TLang } from '@signet/shared/i18n/lang.rules';
import type { TEvent } from '@signet/shared/signature-request/signature-request.schema';
import { DATE_TIME_FORMAT } from '@signet/shared/ui/ui.constants';

/**
 * The words of the evidence (protocol, visual signature) in one language, from
 * `locales/<lang>/evidence.json`; dates as spec section 9 says (numeric day, short month,
 * numeric year, hour and minute), in UTC and labelled so.
 */
export type EvidenceText = {
  lang: TLang;
  t: (key: string, vars?: Vars) => string;
  /** A timestamp as the protocol shows it; '–' for none. */
  date: (iso: string | Date | null | undefined) => string;
  /** One line per event, in words. */
  describe: (event: TEvent) => string;
};

const cache = new Map<TLang, EvidenceText>();

export function evidenceText(lang: TLang = DEFAULT_LANG): EvidenceText {
  const cached = cache.get(lang);
  if (cached) return cached;
  const t = (key: string, vars?: Vars) => translate(messages, lang, 'evidence', key, vars);
  const format = new Intl.DateTimeFormat(lang, { ...DATE_TIME_FORMAT, timeZone: 'UTC' });
  const date = (value: string | Date | null | undefined) => {
    if (!value) return t('protocol.dash');
    const d = value instanceof Date ? value : new Date(value);
    return Number.isNaN(d.getTime()) ? t('protocol.dash') : `${format.format(d)} UTC`;
  };
  const text: EvidenceText = {
    lang,
    t,
    date,
    describe: (e) => describeEvent(t, e, (v) => date(typeof v === 'string' ? v : null)),
  };
  cache.set(lang, text);
  return text;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A signing code's channel in words (e-mail, text message). */
const channel = (t: EvidenceText['t'], v: unknown) =>
  t(v === 'sms' ? 'channel.sms' : 'channel.mail');

function describeEvent(
  t: EvidenceText['t'],
  e: TEvent,
  dateOf: (value: unknown) => string,
): string {
  const who = e.actor.email ?? t('event.system');
  const d = e.data as Record<string, unknown>;
  const message = str(d.message);
  switch (e.type) {
    case 'created':
    case 'initiated':
    case 'viewed':
    case 'deleted':
      return t(`event.${e.type}`, { who });
    case 'reminded': {
      const signers = Array.isArray(d.signers)
        ? d.signers.filter((x) => typeof x === 'string')
        : [];
      if (d.automatic === true)
        return t('event.remindedAutomatic', { signers: signers.join(', ') });
      return t('event.reminded', { who });
    }
    case 'expired':
      return t('event.expired', { date: dateOf(d.expires_at) });
    case 'schedule_changed': {
      const parts: string[] = [];
      if (str(d.expires_at))
        parts.push(t('event.expiryChanged', { who, date: dateOf(d.expires_at) }));
      if (d.reminder_interval_days !== undefined) {
        parts.push(
          typeof d.reminder_interval_days === 'number'
            ? t('event.remindersOn', { who, days: String(d.reminder_interval_days) })
            : t('event.remindersOff', { who }),
        );
      }
      return parts.join('; ') || t('event.other', { who, type: String(e.type) });
    }
    case 'signed': {
      const vars = {
        who,
        name: str(d.name) ?? who,
        quality: str(d.quality) ?? 'SES',
        reason: str(d.reason) ?? '',
      };
      // A direct signer (no account): how their link was confirmed, a code or the mobile app.
      const how = d.direct === true ? str(d.authentication) : undefined;
      if (how?.startsWith('tan:')) {
        return t('event.signedDirect', { ...vars, channel: channel(t, how.slice(4)) });
      }
      if (how?.startsWith('mab:')) return t('event.signedDirectApp', vars);
      // A business's seal: whose seal, for whom, by whom.
      const seal = str(d.on_behalf_of);
      if (seal) return t('event.sealed', { ...vars, business: seal });
      // Part 11 (and any signer who gave one): the reason is part of the evidence.
      return t(vars.reason ? 'event.signedWithReason' : 'event.signed', vars);
    }
    case 'tan_sent':
      return t('event.tanSent', {
        who,
        channel: channel(t, d.channel),
        to: str(d.sent_to) ?? '?',
      });
    case 'tan_verified':
      return t('event.tanVerified', { who, channel: channel(t, d.channel) });
    case 'tan_locked':
      return t('event.tanLocked', { who, attempts: String(d.attempts ?? '?') });
    case 'declined':
    case 'withdrawn':
      return message
        ? t(`event.${e.type}WithMessage`, { who, message })
        : t(`event.${e.type}`, { who });
    case 'delegated':
      return t('event.delegated', { who, to: str(d.to) ?? '?' });
    case 'downloaded':
      return str(d.title)
        ? t('event.downloaded', { who, what: `"${d.title}"` })
        : t('event.downloadedDocuments', { who });
    case 'signer_added':
      return t('event.signerAdded', { who, email: str(d.email) ?? '?' });
    case 'signer_removed':
      return t('event.signerRemoved', { who, email: str(d.email) ?? '?' });
    case 'observer_added':
      return t('event.observerAdded', { who, email: str(d.email) ?? '?' });
    case 'observer_removed':
      return t('event.observerRemoved', { who, email: str(d.email) ?? '?' });
    case 'document_added':
      return t('event.documentAdded', { who, title: str(d.title) ?? '' });
    case 'document_removed':
      return t('event.documentRemoved', { who, title: str(d.title) ?? '' });
    case 'completed':
      return t('event.completed');
    default:
      return t('event.other', { who, type: String(e.type) });
  }
}
