import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const PIN_MIN = 4;
export const PIN_MAX = 6;

const KEY_BASE = 'min-h-16 rounded-2xl font-bold shadow-sm ring-1 disabled:opacity-40';
const KEY_CLASS = `${KEY_BASE} bg-white text-3xl text-espresso ring-roast/20 hover:bg-crema active:bg-honey`;
const OK_CLASS = `${KEY_BASE} bg-caramel-dark text-xl text-white ring-caramel-dark hover:bg-roast`;

/** A big keypad for a 4–6 digit PIN; the keyboard's digits, Backspace and Enter work too. */
export function PinPad({
  pin,
  onChange,
  onSubmit,
  busy,
}: {
  pin: string;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const t = useT();
  const ready = pin.length >= PIN_MIN && !busy;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(event.key) && pin.length < PIN_MAX) onChange(pin + event.key);
      else if (event.key === 'Backspace') onChange(pin.slice(0, -1));
      else if (event.key === 'Enter' && ready) onSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pin, ready, onChange, onSubmit]);

  return (
    <div className="mx-auto w-full max-w-xs space-y-4">
      <output
        aria-label={t('admin.till.pinTyped', { count: pin.length })}
        className="flex h-14 items-center justify-center gap-3 rounded-2xl bg-espresso text-3xl text-crema"
      >
        {pin.length === 0 ? <span className="text-base text-crema/70">{t('admin.till.pinHint')}</span> : '●'.repeat(pin.length)}
      </output>
      <div className="grid grid-cols-3 gap-3">
        {KEYS.map((digit) => (
          <button
            key={digit}
            type="button"
            className={KEY_CLASS}
            disabled={busy || pin.length >= PIN_MAX}
            onClick={() => onChange(pin + digit)}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          className={`${KEY_CLASS} text-xl`}
          aria-label={t('admin.till.pinErase')}
          disabled={busy || pin.length === 0}
          onClick={() => onChange(pin.slice(0, -1))}
        >
          ⌫
        </button>
        <button type="button" className={KEY_CLASS} disabled={busy || pin.length >= PIN_MAX} onClick={() => onChange(`${pin}0`)}>
          0
        </button>
        <button type="button" className={OK_CLASS} disabled={!ready} onClick={onSubmit}>
          {t('admin.till.pinOk')}
        </button>
      </div>
    </div>
  );
}
