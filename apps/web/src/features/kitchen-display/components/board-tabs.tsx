import { type KeyboardEvent, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { statusKey } from '../../../lib/names';

export const boardTabId = (status: number) => `board-tab-${status}`;
export const boardPanelId = (status: number) => `board-panel-${status}`;

interface BoardTabsProps {
  statuses: readonly number[];
  counts: Record<number, number>;
  selected: number;
  onSelect: (status: number) => void;
}

/**
 * The board's columns as tabs on a phone, each with its count, so that Preparing and Ready are one tap
 * away however long Pending is. The WAI-ARIA tabs pattern: arrows, Home and End move between them.
 */
export function BoardTabs({ statuses, counts, selected, onSelect }: BoardTabsProps) {
  const t = useT();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = statuses.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onSelect(statuses[to]!);
    tabs.current[to]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('admin.board.columns')} className="flex gap-1 rounded-2xl bg-crema/60 p-1">
      {statuses.map((status, index) => {
        const active = status === selected;
        return (
          <button
            key={status}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={boardTabId(status)}
            aria-selected={active}
            aria-controls={boardPanelId(status)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(status)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`flex min-h-11 min-w-0 flex-auto flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 rounded-xl px-1 py-1 text-sm font-semibold ${active ? 'bg-white text-espresso shadow-sm' : 'text-roast hover:bg-white/60'}`}
          >
            {/* On the narrowest phones the count wraps under the name rather than spilling out of the tab. */}
            {t(statusKey(status))}
            <span className={`rounded-full px-2 text-sm ${active ? 'bg-caramel-dark text-white' : 'bg-white'}`}>{counts[status] ?? 0}</span>
          </button>
        );
      })}
    </div>
  );
}
