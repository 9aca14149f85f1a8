import { useNotify, useTranslate } from 'react-admin';
import { toHttpError } from '../providers/server-errors.ts';

/** A refused call as one sentence in the console's language (`errors.<CODE>`). */
export function useRefusalText(): (error: unknown) => string {
  const translate = useTranslate();
  return (error) =>
    translate(toHttpError(error).message, { _: translate('ra.notification.http_error') });
}

/** Shows a refused call in the snackbar, in the console's language. */
export function useNotifyRefusal(): (error: unknown) => void {
  const notify = useNotify();
  const text = useRefusalText();
  return (error) => notify(text(error), { type: 'error' });
}
