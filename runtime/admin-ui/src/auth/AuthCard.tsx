import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';

export function AuthCard(props: { title: string; subtitle?: string; error?: string; info?: string; submit: string; busy?: boolean; onSubmit(): void; children: ReactNode; footer?: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#f6f6f9' }}>
      <Card sx={{ width: 420, maxWidth: '95vw' }}>
        <CardContent>
          <form onSubmit={submit} noValidate>
            <Typography variant="h5" component="h1" gutterBottom>
              {props.title}
            </Typography>
            {props.subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {props.subtitle}
              </Typography>
            )}
            {props.error && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {props.error}
              </Alert>
            )}
            {props.info && (
              <Alert severity="success" sx={{ mb: 2 }}>
                {props.info}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{props.children}</Box>
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 3 }} disabled={props.busy}>
              {props.submit}
            </Button>
            {props.footer && <Box sx={{ mt: 2, textAlign: 'center' }}>{props.footer}</Box>}
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
