/**
 * Browser storage keys and cookies of the site alone (the session's are in shared's
 * `session.constants.ts`). Nothing here holds signer data.
 */

export const SITE_KEYS = {
  /** sessionStorage: the page a language reload was made for (once per path). */
  langReload: 'signet.langReload',
  /** sessionStorage: a snackbar for the next page (`notify(…, acrossNavigation)`). */
  flash: 'signet.account.flash',
  /** sessionStorage: the address a signup or reset mail went to, for the "mail sent" page. */
  mailSentTo: (flow: 'signup' | 'reset') => `signet.account.${flow}Email`,
  /** sessionStorage: the free migration dialog was shown in this tab session (asked once). */
  freeMigrationAsked: 'signet.plan.freeMigrationAsked',
  /** localStorage: hides the Test System banner (spec section 2). */
  hideStaging: 'hide-staging-alert',
} as const;

export const SITE_COOKIES = {
  /** Set by the server for internal staff: blocking maintenance does not apply. */
  staff: 'signet_staff',
  /** The referral code of a `ucc` query (30 days). */
  referral: 'signet_ucc',
  /** Where registering leads after an invitation (a day; shared by tabs). */
  afterSignup: 'signet_after_signup',
} as const;
