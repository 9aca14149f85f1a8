/**
 * The console's API: shared's browser client on the site's session (no second login). A 401
 * ends the session and goes to the site's /login, remembering the page (spec section 8). Every
 * call names an endpoint of the typed view: `call(api.getBusiness, { params: { id } })`.
 */
export { api } from '@signet/shared/api/api';
export { ApiError, call, fetchFile, saveFile, upload } from '@signet/shared/api/browser';
