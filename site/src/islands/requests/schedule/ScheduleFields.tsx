import {
  REMINDER_INTERVAL_DAYS,
  REQUEST_EXPIRY,
} from '@signet/shared/signature-request/signature-request.constants';
import type { TFunction } from '../../../lib/i18n.ts';
import { dayOfExpiry } from './schedule.ts';

type Props = {
  t: TFunction;
  id: string;
  /** The chosen expiry day (`YYYY-MM-DD`), '' for the default. */
  day: string;
  onDay: (day: string) => void;
  interval: number | null;
  onInterval: (days: number | null) => void;
  error?: string | undefined;
};

/** "Every n days" in words. */
export const intervalText = (t: TFunction, days: number | null): string =>
  days === null
    ? t('schedule.off')
    : days === 1
      ? t('schedule.everyDay')
      : t('schedule.everyDays', { days });

/** The expiry day and the reminder interval of a request (upload page and request page). */
export function ScheduleFields({ t, id, day, onDay, interval, onInterval, error }: Props) {
  const now = new Date();
  const today = dayOfExpiry(now.toISOString());
  const last = dayOfExpiry(
    new Date(now.getTime() + REQUEST_EXPIRY.maxDays * 86_400_000).toISOString(),
  );
  const choices: readonly number[] = REMINDER_INTERVAL_DAYS.choices;
  return (
    <div className="rq-schedule">
      <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-expiry`}>
          {t('schedule.expires')} <span className="acc-field__note">{t('upload.optional')}</span>
        </label>
        <input
          id={`${id}-expiry`}
          type="date"
          min={today}
          max={last}
          value={day}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-expiry-hint${error ? ` ${id}-expiry-error` : ''}`}
          onChange={(e) => onDay(e.currentTarget.value)}
        />
        <div className="acc-field__hint" id={`${id}-expiry-hint`}>
          {t('schedule.expiresHint', { days: REQUEST_EXPIRY.defaultDays })}
        </div>
        {error && (
          <p className="acc-field__error" id={`${id}-expiry-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="acc-field">
        <label htmlFor={`${id}-reminders`}>{t('schedule.reminders')}</label>
        <select
          id={`${id}-reminders`}
          value={interval === null ? '' : String(interval)}
          aria-describedby={`${id}-reminders-hint`}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onInterval(value === '' ? null : Number(value));
          }}
        >
          <option value="">{t('schedule.off')}</option>
          {(interval !== null && !choices.includes(interval)
            ? [...choices, interval]
            : choices
          ).map((days) => (
            <option key={days} value={String(days)}>
              {intervalText(t, days)}
            </option>
          ))}
        </select>
        <div className="acc-field__hint" id={`${id}-reminders-hint`}>
          {t('schedule.remindersHint')}
        </div>
      </div>
    </div>
  );
}
