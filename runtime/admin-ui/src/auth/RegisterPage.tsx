import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { authStatus, registerFirst } from '../authProvider';
import { useStickyState } from './useStickyState';
import { useEnter } from './useEnter';
import { AuthCard } from './AuthCard';

/** First run: no admin exists yet; this creates the Super Admin and signs them in. */
export function RegisterPage() {
  const navigate = useNavigate();
  const enter = useEnter();
  const [values, setValues] = useStickyState('register', { firstname: '', lastname: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    authStatus()
      .then((status) => {
        if (status.hasAdmin) navigate('/login', { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });
  const submit = async () => {
    setError(undefined);
    if (values.password.length < 8) return setError('The password needs at least 8 characters');
    if (values.password !== values.confirm) return setError('The passwords do not match');
    setBusy(true);
    try {
      await registerFirst({ firstname: values.firstname, lastname: values.lastname, email: values.email, password: values.password });
      await enter();
    } catch (err) {
      setError((err as Error).message || 'Registration failed');
      setBusy(false);
    }
  };
  return (
    <AuthCard title="Welcome!" subtitle="Create the first administrator (Super Admin) of this app." error={error} submit="Create the administrator" busy={busy} onSubmit={submit}>
      <TextField label="First name" name="firstname" value={values.firstname} onChange={set('firstname')} required autoFocus />
      <TextField label="Last name" name="lastname" value={values.lastname} onChange={set('lastname')} />
      <TextField label="Email" name="email" type="email" autoComplete="username" value={values.email} onChange={set('email')} required />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} required />
      <TextField label="Confirm password" name="confirm" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} required />
    </AuthCard>
  );
}
