import { TextField } from '@mui/material';
import { MAX_SEATS } from '@signet/shared/billing/billing.constants';
import { useTranslate } from 'react-admin';

/** The number of seats, as the plan page and the upgrade page ask it (the server checks it). */
export function SeatsField(props: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('billing.seats_input')}
      type="number"
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ htmlInput: { min: 1, max: MAX_SEATS, step: 1 } }}
      disabled={props.disabled}
      sx={{ width: 200 }}
    />
  );
}
