import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useNavigate } from './router';

/**
 * docs/decisions/spec-fidelity.md#delays, redirect delays: move on after the person has seen the toast. The timer is dropped if the
 * person leaves the page first.
 */
export function useDelayedNavigate(): (to: string, delayMs: number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (to: string, delayMs: number, options?: NavigateOptions) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}
