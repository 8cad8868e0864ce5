import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

/**
 * After the first-run page or a password reset signed the admin in (outside react-admin's login):
 * react-admin's cached answers about the session are asked again before entering, or it would still
 * believe nobody is signed in.
 */
export function useEnter(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    navigate('/');
  };
}
