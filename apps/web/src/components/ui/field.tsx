import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

export const INPUT_CLASS =
  'w-full rounded-xl border border-roast/30 bg-white px-4 py-2.5 text-espresso placeholder:text-roast/60 read-only:bg-crema/40 disabled:bg-crema/40 aria-invalid:border-berry';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: string;
  children: (ids: { inputId: string; describedBy?: string }) => ReactNode;
}

/** A label, the control and its error message, wired together for assistive technology. */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-roast">
        {label}
      </label>
      {children({ inputId, describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-roast/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-berry">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string };

export function TextField({ label, error, hint, className = '', ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${INPUT_CLASS} ${className}`}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string };

export function TextAreaField({ label, error, hint, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <textarea
          id={inputId}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${INPUT_CLASS} ${className}`}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}
