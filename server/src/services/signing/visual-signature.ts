import { langFromCode } from '@signet/shared/i18n/lang.rules';
import { evidenceText } from '../../pdf/protocol/evidence-text.ts';

/**
 * The lines of the visual signature, in the signing language of the call (`language` of
 * `POST /v3/sign`, default en): the name, the quality, when, the reason if any, the address. A
 * seal (`onBehalfOf`: the business) shows its name, the seal's quality, when, and for whom.
 */
export function visualSignatureLines(
  language: string,
  signer: {
    name: string;
    email: string;
    at: Date;
    reason?: string | undefined;
    onBehalfOf?: string;
  },
): string[] {
  const text = evidenceText(langFromCode(language, { directSign: true }));
  return [
    signer.name,
    text.t(signer.onBehalfOf ? 'signature.quality.SEAL' : 'signature.quality.SES'),
    text.t('signature.signedAt', { date: text.date(signer.at) }),
    ...(signer.reason ? [signer.reason] : []),
    signer.onBehalfOf
      ? text.t('signature.onBehalfOf', { business: signer.onBehalfOf })
      : signer.email,
  ];
}
