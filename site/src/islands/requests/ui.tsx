/** Small pieces the request pages share: state badges, the colour legend, dates, the loaded user. */
import type { TLang } from '@signet/shared/i18n/lang.rules';
import {
  STATE_FILTERS,
  type TDashboardColour,
  type TSignerStatus,
} from '@signet/shared/signature-request/signature-request.constants';
import { DATE_TIME_FORMAT } from '@signet/shared/ui/ui.constants';
import type { TFunction } from '../../lib/i18n.ts';

/** A request's state for the viewer, as a coloured badge with its name (never colour alone). */
export function StateBadge({ t, colour }: { t: TFunction; colour: TDashboardColour }) {
  return (
    <span className={`rq-badge rq-badge--${colour}`} data-state={colour}>
      <span className="rq-dot" aria-hidden="true" />
      {t(`state.${colour}`)}
    </span>
  );
}

/** A signer's status badge (OPEN, WAITING, SIGNED, DECLINED, WITHDRAWN, DRAFT). */
export function SignerBadge({ t, status }: { t: TFunction; status: TSignerStatus }) {
  const colour: TDashboardColour =
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
      {STATE_FILTERS.map((c) => (
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
export function formatDate(lang: TLang, iso: string | null | undefined): string {
  if (!iso) return '';
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, DATE_TIME_FORMAT);
    formatters.set(lang, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : f.format(d);
}

export function Loading({ text }: { text: string }) {
  return (
    <p className="rq-status" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}
