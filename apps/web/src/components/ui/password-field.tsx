import { type InputHTMLAttributes, useState } from 'react';
import { useT } from '../../lib/i18n';
import { FieldShell, INPUT_CLASS } from './field';

type PasswordFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** Login and Sign Up: a password with a show/hide toggle (docs/decisions/spec-fidelity.md#kept-word-for-word). */
export function PasswordField({ label, error, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, describedBy }) => (
        <div className="relative">
          <input
            id={inputId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${INPUT_CLASS} pr-20`}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            className="absolute inset-y-1 right-1 rounded-lg px-3 text-sm font-semibold text-caramel-dark hover:bg-crema"
          >
            {visible ? t('password.hide') : t('password.show')}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
