import { useStore } from '@nanostores/react';
import { readCookie } from '@signet/shared/session/cookies';
import { SITE_COOKIES } from '../../lib/storage.ts';
import { $maintenance, maintenanceEffect } from '../../stores/maintenance.ts';

/** The light warning banner for a maintenance in progress that does not block (spec 2). */
export function MaintenanceBanner({ text, linkLabel }: { text: string; linkLabel: string }) {
  const status = useStore($maintenance);
  if (maintenanceEffect(status, readCookie(SITE_COOKIES.staff) !== null) !== 'banner') return null;
  return (
    <div className="banner banner--warning" role="status" data-testid="maintenance-banner">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3l10 18H2L12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{text}</span>
      {status?.url && (
        <a href={status.url} target="_blank" rel="noopener noreferrer">
          {linkLabel}
        </a>
      )}
    </div>
  );
}
