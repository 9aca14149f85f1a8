import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useEffect } from 'react';
import type { Access } from '../../lib/access.ts';
import { runGuard } from '../../lib/guard.ts';
import { getT } from '../../lib/i18n.ts';
import { startMaintenancePolling, stopMaintenancePolling } from '../../stores/maintenance.ts';
import { $session } from '../../stores/session.ts';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { DialogHost, OverlayHost } from './ModalHost.tsx';
import { SnackbarHost } from './SnackbarHost.tsx';

export type ShellProps = {
  lang: TLang;
  /** Who may open the page; omitted: anyone, nothing is checked. */
  access?: Access;
  /** Exactly the named role. */
  strict?: boolean;
};

/**
 * The application shell island, present on every page with a layout: route guard, maintenance
 * polling and banner, snackbars, the dialog and the overlay host.
 */
export default function Shell({ lang, access, strict }: ShellProps) {
  const t = getT(lang);
  useEffect(() => {
    void runGuard({ access, strict, lang });
    const stop = $session.subscribe((s) => {
      if (s.status === 'ready') startMaintenancePolling();
      if (s.status === 'anonymous') stopMaintenancePolling();
    });
    return () => {
      stop();
      stopMaintenancePolling();
    };
  }, [access, strict, lang]);

  return (
    <>
      <MaintenanceBanner text={t('banner.maintenance')} linkLabel={t('banner.maintenanceLink')} />
      <SnackbarHost dismissLabel={t('snackbar.dismiss')} />
      <DialogHost closeLabel={t('dialog.close')} />
      <OverlayHost loadingLabel={t('overlay.loading')} />
    </>
  );
}
