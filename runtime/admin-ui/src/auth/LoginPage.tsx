import { useEffect, useState } from 'react';
import { TextField, Link as MuiLink } from '@mui/material';
import { useLogin } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { authStatus } from '../authProvider';
import { AuthCard } from './AuthCard';

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // No admin yet: the first visitor creates one.
    authStatus()
      .then((status) => {
        if (!status.hasAdmin) navigate('/register', { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await login({ email, password });
    } catch (err) {
      setError((err as Error).message || 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title="Sign in"
      subtitle="Sign in to the content manager"
      error={error}
      submit="Sign in"
      busy={busy}
      onSubmit={submit}
      footer={
        <MuiLink component={Link} to="/forgot-password">
          Forgot your password?
        </MuiLink>
      }
    >
      <TextField label="Email" name="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
    </AuthCard>
  );
}
