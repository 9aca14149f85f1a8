/**
 * Mobile-app based signing (MAB): the signer approves the signature in an app instead of typing
 * a TAN. The flow is OAuth's pushed authorisation request: we push what is to be approved and
 * get a request URI, the browser goes to the provider, the provider sends it back to our
 * redirect page with `state` and a single-use `code` (or an `error`), and we redeem the code.
 */

export type MabPushRequest = {
  /** Our single-use handle; the provider returns it with the redirect. */
  state: string;
  /** Where the provider sends the browser back to (our `/mab/redirect`). */
  redirectUri: string;
  /** Who signs, as the app shows it. */
  signerName: string;
  /** What is signed, as the app shows it (title and document hash). */
  bindingMessage: string;
  /** Language code for the app's screens. */
  language: string;
  expiresInSeconds: number;
};

export type MabPushed = { requestUri: string; authorizeUrl: string; expiresAt: Date };

/** What redeeming a code gave: approved, or why not. */
export type MabRedemption = { approved: true } | { approved: false; reason: string };

export type MabProvider = {
  /** `sandbox`, or the provider's name. */
  name: string;
  pushAuthorisationRequest: (request: MabPushRequest) => Promise<MabPushed>;
  /** Redeems the code of a redirect (once); a wrong, used or expired code is not approved. */
  redeem: (input: { requestUri: string; state: string; code: string }) => Promise<MabRedemption>;
};
