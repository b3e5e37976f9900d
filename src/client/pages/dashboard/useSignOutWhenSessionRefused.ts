// Signs the user out and sends them to /home when the server refuses their session (401 or 403, SPEC.md §4).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth';
import { httpStatusOf } from '../../lib/http-status';

export function useSignOutWhenSessionRefused(error: unknown): void {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const status = httpStatusOf(error);
  const refused = status === 401 || status === 403;

  useEffect(() => {
    if (!refused) return;
    void signOut().finally(() => navigate('/home', { replace: true }));
  }, [refused, signOut, navigate]);
}
