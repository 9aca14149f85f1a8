import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Logo } from '../layout/Logo.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';

/** The frame of the business signup and welcome pages: the mark, a title, one card. */
export function SignupShell({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  usePageTitle(title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        bgcolor: 'background.default',
        px: 2,
        py: { xs: 4, md: 8 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
            <Logo />
            <Typography variant="overline" color="primary" component="p">
              {translate('app.title')}
            </Typography>
          </Box>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
