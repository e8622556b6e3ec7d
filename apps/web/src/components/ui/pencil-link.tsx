import { Link } from '../../lib/router';

/** The admin's edit pencil on product and promo cards (docs/decisions/spec-fidelity.md#kept-word-for-word). */
export function PencilLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="flex size-9 items-center justify-center rounded-full bg-espresso text-crema shadow hover:bg-caramel"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-none stroke-current stroke-2">
        <path d="M4 20h4L19 9l-4-4L4 16z" />
        <path d="m14 6 4 4" />
      </svg>
    </Link>
  );
}
