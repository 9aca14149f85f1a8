import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, call, saveFile } from '../providers/client.ts';

/**
 * The plan page's invoices (newest first, each a PDF to download), the card they are paid with
 * (its last four digits only) and the provider's customer portal (`GET …/stripe/cpsession`).
 */
export function InvoicesCard({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refused = useNotifyRefusal();
  const { data } = useQuery({
    queryKey: ['signet', 'invoices', id],
    queryFn: () => call(api.listInvoices, { params: { id } }),
  });
  const portal = useMutation({
    mutationFn: () => call(api.stripePortalSession, { params: { id } }),
    onSuccess: ({ redirectUrl }) => {
      window.location.assign(redirectUrl);
    },
    onError: refused,
  });
  if (!data) return null;
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const download = (invoiceId: string, number: string) =>
    saveFile(api.getInvoicePdf, { params: { id, invoiceId } }, `invoice-${number}.pdf`).catch(
      refused,
    );
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="invoices-title">
      <CardContent>
        <Typography id="invoices-title" variant="h6" component="h2">
          {translate('billing.invoices')}
        </Typography>
        <Typography sx={{ mt: 1 }} data-testid="billing-card">
          {data.paymentMethod
            ? translate('billing.card_ending', { last4: data.paymentMethod.last4 })
            : translate('billing.no_card')}
        </Typography>
        {data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('billing.no_invoices')}
          </Typography>
        ) : (
          <List dense aria-label={translate('billing.invoices')}>
            {data.items.map((invoice) => (
              <ListItem
                key={invoice.id}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={translate('billing.invoice_download', { number: invoice.number })}
                    onClick={() => void download(invoice.id, invoice.number)}
                  >
                    <DownloadIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={`${invoice.number} · ${money(invoice.total, invoice.currency)}`}
                  secondary={
                    invoice.status === 'paid'
                      ? date(invoice.createdAt)
                      : `${date(invoice.createdAt)} · ${translate('billing.invoice_unpaid')}`
                  }
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: 4 } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {data.paymentMethod ? (
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" onClick={() => portal.mutate()} disabled={portal.isPending}>
              {translate('billing.portal')}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
