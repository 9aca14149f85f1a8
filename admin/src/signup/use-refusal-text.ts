import { useTranslate } from 'react-admin';
import { toHttpError } from '../providers/server-errors.ts';

/** A refused call as one sentence in the console's language (`errors.<CODE>`). */
export function useRefusalText() {
  const translate = useTranslate();
  return (error: unknown) =>
    translate(toHttpError(error).message, { _: translate('ra.notification.http_error') });
}
