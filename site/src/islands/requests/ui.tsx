/** Small pieces the request pages share: state badges, the colour legend, dates, the loaded user. */
import type { TFunction } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';

export type TColour = 'to-sign' | 'waiting' | 'cancelled' | 'completed' | 'draft';

/** A request's state for the viewer, as a coloured badge with its name (never colour alone). */
export function StateBadge({ t, colour }: { t: TFunction; colour: TColour }) {
  return (
    <span className={`rq-badge rq-badge--${colour}`} data-state={colour}>
      <span className="rq-dot" aria-hidden="true" />
      {t(`state.${colour}`)}
    </span>
  );
}

/** A signer's status badge (OPEN, WAITING, SIGNED, DECLINED, WITHDRAWN, DRAFT). */
export function SignerBadge({ t, status }: { t: TFunction; status: string }) {
  const colour: TColour =
    status === 'SIGNED'
      ? 'completed'
      : status === 'OPEN'
        ? 'to-sign'
        : status === 'WAITING'
          ? 'waiting'
          : status === 'DRAFT'
            ? 'draft'
            : 'cancelled';
  return (
    <span className={`rq-badge rq-badge--${colour}`} data-signer-status={status}>
      <span className="rq-dot" aria-hidden="true" />
      {t(`signer.${status}`)}
    </span>
  );
}

/** The legend of the four state colours. */
export function ColourLegend({ t }: { t: TFunction }) {
  return (
    <ul className="rq-legend" aria-label={t('legend.label')}>
      {(['to-sign', 'waiting', 'cancelled', 'completed'] as const).map((c) => (
        <li key={c}>
          <span className={`rq-dot rq-dot--${c}`} aria-hidden="true" />
          <span>
            <strong>{t(`state.${c}`)}</strong> – {t(`legend.${c}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Spec section 9: numeric day, short month, numeric year, hour and minute. */
export function formatDate(lang: Lang, iso: string | null | undefined): string {
  if (!iso) return '';
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(lang, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : f.format(d);
}

/** The signing language of `POST /v3/sign` for a page language (default en). */
export function signingLanguage(lang: Lang): 'en' | 'de' | 'fr' | 'it' {
  return lang === 'de-ch' ? 'de' : lang === 'fr-ch' ? 'fr' : lang === 'it' ? 'it' : 'en';
}

export function Loading({ text }: { text: string }) {
  return (
    <p className="rq-status" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}
