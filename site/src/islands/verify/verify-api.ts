/**
 * `POST /api/v1/verify` from the /verify page: the PDF as the body. Types only from shared (the
 * route table would bring zod into the page); the path is shared's constant.
 */

import { apiErrorOf } from '@signet/shared/api/client';
import { PKI_PATHS } from '@signet/shared/pki/pki.constants';
import { VERIFY_PATH } from '@signet/shared/verify/verify.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import { ApiError, client } from '../../lib/api.ts';

export const ROOT_CERTIFICATE_URL = PKI_PATHS.root;

export async function verifyFile(file: File): Promise<TVerifyReport> {
  try {
    return await client<TVerifyReport>(VERIFY_PATH, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'application/pdf' },
      retry: false,
    });
  } catch (error) {
    const api = apiErrorOf(error);
    throw api ? new ApiError(api.status, api.code, api.message, api.details) : error;
  }
}
