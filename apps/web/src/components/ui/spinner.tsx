import { useT } from '../../lib/i18n';

export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}

/** A whole-area loading state announced to screen readers. */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-roast">
      <Spinner className="size-8" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
