/**
 * The site's API: shared's browser client on the shared session (spec section 8: a 401 ends the
 * session and goes to /login, remembering the path; a 5xx other than 503 goes to /sorry). Every
 * call names an endpoint of the typed view: `call(api.getUser)`.
 */
import { configureApi } from '@signet/shared/api/browser';
import { pageLang } from './i18n.ts';
import { statusPageUrl } from './status-pages.ts';

export { api } from '@signet/shared/api/api';
export { ApiError, call, fetchFile, saveFile, upload } from '@signet/shared/api/browser';

configureApi({
  onServerError() {
    if (window.location.pathname === '/sorry') return;
    window.location.assign(statusPageUrl('/sorry', pageLang()));
  },
});
