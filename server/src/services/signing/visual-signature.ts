import { langFromCode } from '@signet/shared/i18n/lang.rules';
import type { TLegislation, TSignatureQuality } from '@signet/shared/user/user.schema';
import { VERIFY_DOCUMENT_QUERY, VERIFY_PAGE } from '@signet/shared/verify/verify.constants';
import { evidenceText } from '../../pdf/protocol/evidence-text.ts';
import type { StampContent, StampImage } from '../../pdf/stamp/layout.ts';

/** What a person's visual signature adds to their stamp (spec section 3). */
export type StampSettings = {
  name: string;
  company: string | null;
  location: string | null;
  displayDate: boolean;
  displayClaim: boolean;
  displayStandards: boolean;
  displayQr: boolean;
  image: StampImage | null;
};

export type StampSigner = {
  name: string;
  email: string;
  at: Date;
  reason?: string | undefined;
  quality: TSignatureQuality;
  legislation: TLegislation | null;
  /** A business's seal signs: the business it seals for (the stamp says so instead of an address). */
  onBehalfOf?: string | undefined;
  /** A seal's image, drawn above the details as a visual signature's image is. */
  image?: StampImage | null | undefined;
};

/**
 * What the stamp shows, per document, in the signing language of the call (`language` of
 * `POST /v3/sign`, default en). Without a visual signature: the name, the standard, when, the
 * reason if any and the address. With one: its name, company line, standard, place and date,
 * claim, image and QR code as it says; the QR code links to Signet's public verification of
 * that document. A seal (`onBehalfOf`: the business) shows its name, the seal's quality, when,
 * and for whom.
 */
export function stampContent(
  language: string,
  signer: StampSigner,
  settings: StampSettings | null,
  publicUrl: string,
): (documentId: string) => StampContent {
  const text = evidenceText(langFromCode(language, { directSign: true }));
  // A seal: advanced (SES of the platform's standards) or qualified (QES, or DEMO on the Demo QTSP).
  const quality = text.t(
    signer.onBehalfOf
      ? signer.quality === 'SES'
        ? 'signature.quality.SEAL'
        : `signature.quality.SEAL_${signer.quality}`
      : `signature.quality.${signer.quality}`,
  );
  const standard =
    signer.legislation && signer.quality !== 'SES'
      ? text.t('signature.standard', {
          quality,
          legislation: text.t(`signature.legislation.${signer.legislation}`),
        })
      : quality;
  const when = text.date(signer.at);
  const date = text.t('signature.signedAt', { date: when });
  if (!settings) {
    const lines = [
      signer.name,
      standard,
      date,
      ...(signer.reason ? [signer.reason] : []),
      signer.onBehalfOf
        ? text.t('signature.onBehalfOf', { business: signer.onBehalfOf })
        : signer.email,
    ];
    return () => ({ lines, ...(signer.image ? { image: signer.image } : {}) });
  }
  const lines = [
    settings.name || signer.name,
    ...(settings.company ? [settings.company] : []),
    ...(settings.displayStandards ? [standard] : []),
    ...(settings.displayDate
      ? [
          settings.location
            ? text.t('signature.signedAtPlace', { place: settings.location, date: when })
            : date,
        ]
      : []),
    ...(signer.reason ? [signer.reason] : []),
    ...(settings.displayClaim ? [text.t('signature.claim')] : []),
  ];
  return (documentId) => ({
    lines,
    ...(settings.image ? { image: settings.image } : {}),
    ...(settings.displayQr ? { qr: verificationUrl(publicUrl, documentId) } : {}),
  });
}

/** Signet's public verification of a document: what a stamp's QR code opens. */
export function verificationUrl(publicUrl: string, documentId: string): string {
  return `${publicUrl}${VERIFY_PAGE}?${VERIFY_DOCUMENT_QUERY}=${encodeURIComponent(documentId)}`;
}

/** The stamp's lines for a signer without a visual signature of their own (a direct signer). */
export function visualSignatureLines(language: string, signer: StampSigner): string[] {
  return [...stampContent(language, signer, null, '')('').lines];
}
