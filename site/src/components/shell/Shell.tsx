import { useStore } from '@nanostores/react';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Access } from '../../lib/access.ts';
import { runGuard } from '../../lib/guard.ts';
import { getT } from '../../lib/i18n.ts';
import { startMaintenancePolling, stopMaintenancePolling } from '../../stores/maintenance.ts';
import { $dialog, $overlay } from '../../stores/modals.ts';
import { $session } from '../../stores/session.ts';
import { $snackbars } from '../../stores/snackbars.ts';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';

// The hosts load when there is first something to show: most page views never open a dialog,
// and the login page must stay light (its budget is in the bench).
const DialogHost = lazy(() => import('./ModalHost.tsx').then((m) => ({ default: m.DialogHost })));
const OverlayHost = lazy(() => import('./ModalHost.tsx').then((m) => ({ default: m.OverlayHost })));
const SnackbarHost = lazy(() =>
  import('./SnackbarHost.tsx').then((m) => ({ default: m.SnackbarHost })),
);

/** Renders `children` from the first time `show` is true on (then they manage themselves). */
function Once({ show, children }: { show: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(show);
  useEffect(() => {
    if (show) setShown(true);
  }, [show]);
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null;
}

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

  const snackbars = useStore($snackbars).length > 0;
  const dialog = useStore($dialog);
  const overlay = useStore($overlay);
  return (
    <>
      <MaintenanceBanner text={t('banner.maintenance')} linkLabel={t('banner.maintenanceLink')} />
      <Once show={snackbars}>
        <SnackbarHost dismissLabel={t('snackbar.dismiss')} />
      </Once>
      <Once show={dialog !== null || overlay !== null}>
        <DialogHost closeLabel={t('dialog.close')} />
        <OverlayHost loadingLabel={t('overlay.loading')} />
      </Once>
    </>
  );
}
