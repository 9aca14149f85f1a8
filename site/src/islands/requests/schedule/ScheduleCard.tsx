import type { TLang } from '@signet/shared/i18n/lang.rules';
import { REQUEST_EXPIRY } from '@signet/shared/signature-request/signature-request.constants';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { useId, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { showSnackbar } from '../../../stores/snackbars.ts';
import { formatDate, SaveCancel } from '../ui.tsx';
import { intervalText, ScheduleFields } from './ScheduleFields.tsx';
import { dayOfExpiry, dayProblem, expiryOfDay } from './schedule.ts';

type Props = {
  t: TFunction;
  lang: TLang;
  request: TSignatureRequest;
  /** Whether the caller may change it (the owner, until the request finishes). */
  editable: boolean;
  busy: string | null;
  run: (name: string, action: () => Promise<void>) => Promise<void>;
  setRequest: (request: TSignatureRequest) => void;
};

/** How long the request stays open and how often it reminds; the owner changes both until it ends. */
export function ScheduleCard({ t, lang, request, editable, busy, run, setRequest }: Props) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [day, setDay] = useState('');
  const [interval, setInterval] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();

  const start = () => {
    setDay(dayOfExpiry(request.expires_at));
    setInterval(request.reminder_interval_days);
    setError(undefined);
    setEditing(true);
  };
  const save = () =>
    run('schedule', async () => {
      const problem = dayProblem(day);
      if (problem) {
        setError(t(`schedule.${problem}`));
        document.getElementById(`${id}-expiry`)?.focus();
        return;
      }
      const expires = expiryOfDay(day);
      const unchanged = dayOfExpiry(request.expires_at) === day;
      const body = {
        reminder_interval_days: interval,
        ...(expires && !unchanged ? { expires_at: expires } : {}),
      };
      setRequest(await call(api.updateSignatureRequest, { params: { id: request.id }, body }));
      setEditing(false);
      showSnackbar({ message: t('schedule.saved'), variant: 'success' });
    });

  return (
    <section className="rq-card" aria-labelledby={`${id}-title`} data-testid="schedule-card">
      <h2 id={`${id}-title`}>{t('schedule.title')}</h2>
      {editing ? (
        <form
          className="acc-form acc-form--dialog"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ScheduleFields
            t={t}
            id={id}
            day={day}
            onDay={(value) => {
              setDay(value);
              setError(undefined);
            }}
            interval={interval}
            onInterval={setInterval}
            error={error}
          />
          <SaveCancel t={t} busy={busy !== null} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <>
          <dl className="rq-facts">
            <div>
              <dt>{t('schedule.expires')}</dt>
              <dd data-testid="expires-at">
                {request.expires_at
                  ? formatDate(lang, request.expires_at)
                  : t('schedule.defaultExpiry', { days: REQUEST_EXPIRY.defaultDays })}
              </dd>
            </div>
            <div>
              <dt>{t('schedule.reminders')}</dt>
              <dd data-testid="reminder-interval">
                {intervalText(t, request.reminder_interval_days)}
              </dd>
            </div>
          </dl>
          {editable && (
            <button type="button" className="btn btn--secondary" onClick={start}>
              {t('action.edit')}
              <span className="acc-visually-hidden"> {t('schedule.title')}</span>
            </button>
          )}
        </>
      )}
    </section>
  );
}
