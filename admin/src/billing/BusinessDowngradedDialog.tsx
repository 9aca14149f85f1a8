import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { DOWNGRADED_DIALOG_SEEN_KEY, PLAN_NAMES } from '@signet/shared/billing/billing.constants';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { CONSOLE_PATHS } from '../access.ts';
import { useConsoleSession } from '../session.ts';

const seen = (id: string) => {
  try {
    return sessionStorage.getItem(DOWNGRADED_DIALOG_SEEN_KEY + id) === '1';
  } catch {
    return false;
  }
};

/**
 * The "business downgraded" dialog (spec: business dialogs): the plan was cancelled at its
 * period's end (current plan CANCELED), so the business is locked until a plan is bought again.
 * Shown once per visit to the admins on the members page, where a locked console opens.
 */
export function BusinessDowngradedDialog() {
  const translate = useTranslate();
  const { data: session } = useConsoleSession();
  const business = session?.business;
  const [closed, setClosed] = useState(false);
  if (!business || business.pricePlan.name !== PLAN_NAMES.canceled) return null;
  if (closed || seen(business.id)) return null;
  const close = () => {
    try {
      sessionStorage.setItem(DOWNGRADED_DIALOG_SEEN_KEY + business.id, '1');
    } catch {
      // Without storage the dialog shows again on the next visit: harmless.
    }
    setClosed(true);
  };
  return (
    <Dialog open onClose={close} aria-labelledby="downgraded-title">
      <DialogTitle id="downgraded-title">{translate('billing.downgraded_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('billing.downgraded_body', { name: business.name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={CONSOLE_PATHS.upgrade}
          onClick={close}
        >
          {translate('billing.downgraded_upgrade')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
