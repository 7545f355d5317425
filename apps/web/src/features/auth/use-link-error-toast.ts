import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

/**
 * An emailed confirmation link that failed lands on `/?error=INVALID_TOKEN` (or TOKEN_EXPIRED):
 * say so once, then take the code out of the address so a reload does not repeat it.
 */
export function useLinkErrorToast(): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');

  useEffect(() => {
    if (!error) return;
    toast.error('Link invalid or expired', {
      id: 'auth-link-error',
      description:
        'This confirmation link is invalid or has expired. Sign in with your email and password and we will send you a new one.',
      duration: 10_000,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams]);
}
