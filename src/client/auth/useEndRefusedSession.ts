// Ends a session the server refused (401 or 403, SPEC.md §4): the server's reason as a toast (an
// expired session, a removed account), signed out, and on /home.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { httpStatusOf } from '../lib/http-status';

/** The server's sentence when the error is a refused session, else null. */
export function sessionRefusalOf(error: { message: string } | null): string | null {
  const status = httpStatusOf(error);
  return error && (status === 401 || status === 403) ? error.message : null;
}

export function useEndRefusedSession(error: { message: string } | null, signOut: () => Promise<void>): void {
  const navigate = useNavigate();
  const refusal = sessionRefusalOf(error);

  useEffect(() => {
    if (refusal === null) return;
    // One toast per reason, however many reads were refused at once.
    toast.error(refusal, { toastId: refusal });
    void signOut().finally(() => navigate('/home', { replace: true }));
  }, [refusal, signOut, navigate]);
}
