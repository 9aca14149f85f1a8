import type { TLang } from '@signet/shared/i18n/lang.rules';
import { FREE_SIGNATURES_PER_MONTH } from '@signet/shared/plan/plan.constants';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { loadSession } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { openFairFlatMigrationDialog } from './fair-flat-migration.tsx';

/** Spec name of the dialog (spec section 2, dialogs: general). */
export const FREE_MIGRATION_DIALOG = 'general/free-migration';

/**
 * The free migration dialog, for an account still on the legacy free plan (shared's
 * `freeMigrationDue`): the free plan changed; the user moves to the new free plan
 * (`free_migrated`, no upload), looks at the individual plan (the fair-flat migration dialog),
 * or decides later (the dialog comes back in the next session).
 */
export function openFreeMigrationDialog(lang: TLang): number {
  const t = getT(lang);
  return openDialog({
    name: FREE_MIGRATION_DIALOG,
    title: t('plan.migration.title'),
    content: <p>{t('plan.migration.text', { quota: FREE_SIGNATURES_PER_MONTH })}</p>,
    actions: [
      { id: 'later', label: t('plan.migration.later'), variant: 'text' },
      {
        id: 'fair-flat',
        label: t('plan.migration.fairFlat'),
        variant: 'secondary',
        handler: () => openFairFlatMigrationDialog(lang),
      },
      {
        id: 'accept',
        label: t('plan.migration.accept'),
        variant: 'primary',
        handler: async () => {
          try {
            await call(api.migrateToFreePlan);
          } catch (e) {
            throw new Error(errorMessage(getT(lang, 'account'), e));
          }
          await loadSession(true);
          showSnackbar({ message: t('plan.migration.done'), variant: 'success' });
        },
      },
    ],
  });
}
