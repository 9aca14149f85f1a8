/**
 * `POST /api/v1/verify` from the /verify page: the PDF as the multipart `file`, through the typed
 * view like every call (types only from shared's schema: the route table would bring zod).
 */
import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { api, upload } from '../../lib/api.ts';

export const ROOT_CERTIFICATE_URL = PKI_PATHS.root;

export function verifyFile(file: File): Promise<TVerifyReport> {
  return upload(api.verifyPdf, { file }).promise;
}
