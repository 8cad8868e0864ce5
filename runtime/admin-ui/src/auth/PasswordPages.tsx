import { useState } from 'react';
import { Link as MuiLink, TextField } from '@mui/material';
import { Link, useSearchParams } from 'react-router-dom';
import { forgotPassword, resetPassword } from '../authProvider';
import { useEnter } from './useEnter';
import { useStickyState } from './useStickyState';
import { AuthCard } from './AuthCard';

const backToLogin = (
  <MuiLink component={Link} to="/login">
    Back to sign in
  </MuiLink>
);

export function ForgotPasswordPage() {
  const [email, setEmail] = useStickyState('forgot.email', '');
  const [info, setInfo] = useState<string>();
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      await forgotPassword(email);
      setInfo('If an account uses this address, an email with a reset link is on its way.');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <AuthCard title="Password recovery" subtitle="We will send a reset link to your email address." info={info} error={error} submit="Send the link" onSubmit={submit} footer={backToLogin}>
      <TextField label="Email" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const enter = useEnter();
  const [password, setPassword] = useStickyState('reset.password', '');
  const [confirm, setConfirm] = useStickyState('reset.confirm', '');
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    if (password.length < 8) return setError('The password needs at least 8 characters');
    if (password !== confirm) return setError('The passwords do not match');
    try {
      await resetPassword(params.get('code') ?? '', password);
      await enter();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <AuthCard title="Reset password" subtitle="Choose a new password." error={error} submit="Change the password" onSubmit={submit} footer={backToLogin}>
      <TextField label="New password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required autoFocus />
      <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
    </AuthCard>
  );
}
