import {
  PERMISSION_FIELDS,
  type TVisualSignaturePermission,
  VISUAL_SIGNATURE_PERMISSIONS,
} from './visual-signature.constants.ts';

/** Per stamp part: may the person change it, and its value when they may not. */
export type TVisualSignaturePermissions = Record<
  TVisualSignaturePermission,
  { canUpdate: boolean; defaultValue: boolean }
>;

type DisplayFlags = { displayClaim: boolean; displayDate: boolean; displayStandards: boolean };

/**
 * The display flags a visual signature ends up with: what the person chose, except where a
 * permission says they may not change it (a business locking its claim, date or standard):
 * there the permission's default value holds.
 */
export function applyVisualPermissions<T extends DisplayFlags>(
  flags: T,
  permissions: TVisualSignaturePermissions | undefined,
): T {
  if (!permissions) return flags;
  const out = { ...flags };
  for (const key of VISUAL_SIGNATURE_PERMISSIONS) {
    const p = permissions[key];
    if (!p.canUpdate) out[PERMISSION_FIELDS[key]] = p.defaultValue;
  }
  return out;
}
