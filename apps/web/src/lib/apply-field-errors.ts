import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's per-field messages (400 validation_failed) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fields: readonly string[], setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.fieldErrors) {
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}
