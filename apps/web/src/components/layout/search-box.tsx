import { type FormEvent, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useNavigate, useSearchParams } from '../../lib/router';

/**
 * docs/decisions/spec-fidelity.md#the-catalogue: submitting reloads the catalogue with search, sort=popular, page=1.
 * onSearch lets the phone's folded menu close, so that the results are not left under it.
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const navigate = useNavigate();
  const t = useT();

  function submit(event: FormEvent) {
    event.preventDefault();
    const query = new URLSearchParams({ search: text.trim(), sort: 'popular', page: '1' });
    navigate(`/product?${query.toString()}`);
    onSearch?.();
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: React's JSX types lack <search>; a form with role=search is the same landmark
    <form role="search" onSubmit={submit} className="relative w-full md:w-52 lg:w-auto lg:max-w-56 lg:min-w-52 lg:flex-1">
      <input
        type="search"
        aria-label={t('search.label')}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-full border border-crema/30 bg-white/10 py-2 pr-2 pl-9 text-sm text-crema placeholder:text-crema/60"
      />
      <svg viewBox="0 0 24 24" aria-hidden="true" className="absolute top-2.5 left-3.5 size-4 fill-none stroke-crema/70 stroke-2">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
    </form>
  );
}
