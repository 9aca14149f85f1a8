import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  TextField,
  Typography,
} from '@mui/material';
import { BILLING_ERRORS } from '@signet/shared/billing/billing.constants';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DataTable,
  DateField,
  DeleteButton,
  List,
  ListBase,
  TopToolbar,
  useCreate,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUnselectAll,
  useUpdate,
} from 'react-admin';
import { AddSeatsOverlay } from '../billing/AddSeatsOverlay.tsx';
import { BusinessDowngradedDialog } from '../billing/BusinessDowngradedDialog.tsx';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useConsoleSession } from '../session.ts';
import { changeMembers, type TMemberRecord } from './members.data.ts';

/** The "add member" dialog (spec: business dialogs): addresses, one per line or separated. */
function InviteButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [create, { isPending }] = useCreate();
  const refused = useNotifyRefusal();
  const businessId = useConsoleSession().data?.business?.id;
  const [missing, setMissing] = useState<number | null>(null);
  const users = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const submit = () =>
    create(
      'members',
      { data: { users } },
      {
        onSuccess: () => {
          notify('members.invited', {
            type: 'success',
            messageArgs: { smart_count: users.length },
          });
          setOpen(false);
          setText('');
          refresh();
        },
        onError: (error) => {
          // Not enough seats: offer the add seats overlay, then send the invitations again.
          const body = (error as { body?: { code?: string; details?: { missing?: number } } }).body;
          if (body?.code === BILLING_ERRORS.seatsExceeded && businessId) {
            setMissing(body.details?.missing ?? 1);
            return;
          }
          refused(error);
        },
      },
    );
  return (
    <>
      <Button label="members.invite" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      {missing !== null && businessId ? (
        <AddSeatsOverlay
          id={businessId}
          open
          suggested={missing}
          onClose={() => setMissing(null)}
          onAdded={() => submit()}
        />
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('members.invite_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('members.invite_hint')}
          </Typography>
          <TextField
            autoFocus
            multiline
            minRows={3}
            fullWidth
            label={translate('members.invite_addresses')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={isPending || users.length === 0}
            onClick={submit}
          >
            {translate('members.invite_send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Promote, demote or remove the selected members (remove asks first: the "remove members" dialog). */
function BulkChange({ action }: { action: 'promote' | 'demote' | 'remove' }) {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('members');
  const refused = useNotifyRefusal();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await changeMembers(action, selectedIds.map(String));
      notify(`members.${action}d`, { type: 'success' });
      unselectAll();
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        label={`members.${action}`}
        disabled={busy}
        onClick={() => (action === 'remove' ? setConfirming(true) : void run())}
      />
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('members.remove_title', { smart_count: selectedIds.length })}
        content={translate('members.remove_body')}
        confirm="members.remove"
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** A member's cost centre, changed in a small dialog (`PUT …/members/{userId}`). */
function CostCentre() {
  const record = useRecordContext<TMemberRecord>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [update, { isPending }] = useUpdate();
  const refused = useNotifyRefusal();
  if (!record) return null;
  return (
    <>
      <MuiButton
        size="small"
        onClick={() => {
          setValue(record.costCentre);
          setOpen(true);
        }}
        sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
      >
        {record.costCentre || translate('members.cost_centre_none')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>
          {translate('members.cost_centre_title', { name: record.name || record.email })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            label={translate('members.cost_centre')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={isPending}
            onClick={() =>
              update(
                'members',
                { id: record.id, data: { costCentre: value }, previousData: record },
                { onSuccess: () => setOpen(false), onError: refused },
              )
            }
          >
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RoleChip() {
  const record = useRecordContext<TMemberRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={record.role === 'admin' ? 'primary' : 'default'}
        label={translate(`members.role_${record.role}`)}
      />
      {record.pending ? (
        <Chip size="small" variant="outlined" label={translate('members.pending')} />
      ) : null}
    </Box>
  );
}

/** Invitations not answered yet, each cancellable. */
function Invitations() {
  const translate = useTranslate();
  return (
    <ListBase resource="invitations" disableSyncWithLocation perPage={100}>
      <Card sx={{ mt: 2 }} data-testid="invitations">
        <CardContent>
          <Typography variant="h6" component="h2" id="invitations-heading">
            {translate('invitations.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('invitations.intro')}
          </Typography>
        </CardContent>
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          aria-labelledby="invitations-heading"
          empty={
            <CardContent>
              <Typography color="text.secondary">{translate('invitations.none')}</Typography>
            </CardContent>
          }
        >
          <DataTable.Col source="email" label="invitations.email" />
          <DataTable.Col source="invitedAt" label="invitations.invited_at" field={DateField} />
          <DataTable.Col
            label="invitations.source"
            render={(r) => translate(`invitations.source_${r.source}`)}
          />
          <DataTable.Col>
            <DeleteButton
              label="invitations.cancel"
              mutationMode="pessimistic"
              confirmTitle="invitations.cancel_title"
              confirmContent="invitations.cancel_body"
              redirect={false}
            />
          </DataTable.Col>
        </DataTable>
      </Card>
    </ListBase>
  );
}

/**
 * /business/members: the members with their role and cost centre (paged and sorted by the
 * server), invite by e-mail, promote, demote and remove — the server keeps the last admin
 * (its refusal is shown), too few seats open the add seats overlay — and the invitations
 * waiting for an answer; a cancelled plan shows the business downgraded dialog.
 */
export function MembersList() {
  const translate = useTranslate();
  usePageTitle(translate('members.title'));
  return (
    <Box sx={{ mt: 1 }}>
      <BusinessDowngradedDialog />
      <List
        resource="members"
        title="members.title"
        sort={{ field: 'joinedAt', order: 'ASC' }}
        perPage={25}
        exporter={false}
        actions={
          <TopToolbar>
            <InviteButton />
          </TopToolbar>
        }
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={
            <>
              <BulkChange action="promote" />
              <BulkChange action="demote" />
              <BulkChange action="remove" />
            </>
          }
        >
          <DataTable.Col source="name" label="members.name" />
          <DataTable.Col source="email" label="members.email" />
          <DataTable.Col source="role" label="members.role">
            <RoleChip />
          </DataTable.Col>
          <DataTable.Col source="costCentre" label="members.cost_centre">
            <CostCentre />
          </DataTable.Col>
          <DataTable.Col source="joinedAt" label="members.joined" field={DateField} />
        </DataTable>
      </List>
      <Invitations />
    </Box>
  );
}
