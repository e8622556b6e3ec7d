import { IMAGE_ACCEPT } from '@kopi/shared';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';

interface ImagePickerProps {
  label: string;
  file: File | undefined;
  /** The picture shown before a new one is chosen (the current product or promo image). */
  currentUrl?: string;
  error?: string;
  onChange: (file: File | undefined) => void;
  shape?: 'round' | 'square';
}

export function ImagePicker({ label, file, currentUrl, error, onChange, shape = 'square' }: ImagePickerProps) {
  const inputId = useId();
  const t = useT();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  const frame = shape === 'round' ? 'size-36 rounded-full' : 'aspect-square w-full max-w-56 rounded-2xl';

  return (
    <div className="flex flex-col items-center gap-3">
      <div className={`${frame} overflow-hidden bg-crema ring-1 ring-roast/20`}>
        {shown ? (
          <img src={shown} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center text-sm text-roast/70">{t('image.none')}</div>
        )}
      </div>
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-xl bg-espresso px-4 py-2 text-sm font-semibold text-crema hover:bg-roast has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-caramel"
      >
        {label}
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => onChange(event.target.files?.[0])}
        />
      </label>
      {file && <p className="max-w-56 truncate text-xs text-roast/80">{file.name}</p>}
      {error && (
        <p id={`${inputId}-error`} className="text-center text-sm font-medium text-berry">
          {error}
        </p>
      )}
    </div>
  );
}
