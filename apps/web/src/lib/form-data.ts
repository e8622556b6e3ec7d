/**
 * Multipart body of the given fields (a yes/no as "true"/"false", a list of ids as "1,3"); undefined
 * ones are left out (only changed fields are sent).
 */
export function toFormData(fields: Record<string, string | number | boolean | readonly number[] | File | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, value instanceof File ? value : String(value));
  }
  return form;
}

/** Edit forms: a field left blank means "unchanged", not "empty". */
export function dropBlankFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => !(typeof field === 'string' && field.trim() === '')));
}
