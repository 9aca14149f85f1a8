import { THEME_COLOURS } from '@signet/shared/ui/ui.constants';

/** The Signet mark of the site (components/shell/Logo.astro): a pen nib in a rounded square. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill={THEME_COLOURS.primary} />
      <path
        d="M9 22.5c2.6-.2 4.3-1.6 5.6-3.6l5.9-9.1a1.9 1.9 0 0 1 3.2 2.1l-5.9 9.1c-1.3 2-3.2 3.2-5.6 3.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M8 25h16" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" opacity=".55" />
    </svg>
  );
}
