import { API_BASE } from '@kopi/shared';
import { buttonClass } from '../../../components/ui/button';
import { GOOGLE_CLIENT_ID } from '../../../lib/google-client-id';
import { rememberNextForGoogle } from '../../../lib/sign-in-next';

/**
 * docs/decisions/spec-fidelity.md#google-sign-in: 'Sign In/Up with Google' appears only when Google sign-in is configured, and never
 * submits the email form. It is a plain link: the server sends the browser on to Google, which sends
 * it back to /login/google (docs/decisions/google-sign-in.md). Signing in and signing up are one flow. The tab
 * remembers `next` meanwhile (docs/decisions/spec-fidelity.md#rough-edges-signing-in).
 */
export function GoogleButton({ label, next }: { label: string; next?: string }) {
  if (!GOOGLE_CLIENT_ID) return null;
  return (
    <a href={`${API_BASE}/auth/google`} className={buttonClass('ghost', 'w-full')} onClick={() => rememberNextForGoogle(next)}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
        <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
        <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24z" />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
        <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z" />
      </svg>
      {label}
    </a>
  );
}
