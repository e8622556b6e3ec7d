import { shopName, usePageMeta } from '../../lib/shop-name';

export function CupIcon({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <path d="M14 24h32v12a16 16 0 0 1-32 0z" fill="currentColor" />
      <path d="M46 27h3a7 7 0 0 1 0 14h-4" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M23 8c-3 4 3 6 0 10M31 8c-3 4 3 6 0 10" fill="none" stroke="#e0a458" strokeWidth="3" strokeLinecap="round" />
      <rect x="12" y="54" width="36" height="4" rx="2" fill="#e0a458" />
    </svg>
  );
}

export function Brand() {
  // The owner may rename the shop on /settings: the name follows at once.
  usePageMeta();
  return (
    <span className="flex items-center gap-2 font-display text-xl font-bold tracking-wide">
      <CupIcon />
      {shopName()}
    </span>
  );
}
