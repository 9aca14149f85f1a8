import { Box, Button, TextField } from '@mui/material';
import { PROMO_CODE_PATTERN } from '@signet/shared/billing/pricing.constants';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A promo code for the upgrade: typed, then applied (the previews and the card page take it) or
 * removed. Only its form is checked here; the server says whether it holds.
 */
export function PromoCodeField(props: {
  applied: string | null;
  onApply: (code: string | null) => void;
}) {
  const translate = useTranslate();
  const [value, setValue] = useState(props.applied ?? '');
  const code = value.trim().toUpperCase();
  const wellFormed = PROMO_CODE_PATTERN.test(code);
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (wellFormed) props.onApply(code);
      }}
    >
      <TextField
        label={translate('upgrade.promo_label')}
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
        sx={{ width: 200 }}
      />
      {props.applied ? (
        <Button
          onClick={() => {
            setValue('');
            props.onApply(null);
          }}
        >
          {translate('upgrade.promo_remove')}
        </Button>
      ) : (
        <Button type="submit" variant="outlined" disabled={!wellFormed}>
          {translate('upgrade.promo_apply')}
        </Button>
      )}
    </Box>
  );
}
