import { z } from 'zod';
import { imageFileError } from './image-file';

function checkImageFile(file: File, ctx: z.RefinementCtx): void {
  const message = imageFileError(file);
  if (message) ctx.addIssue({ code: 'custom', message });
}

/** A picture that must be chosen; `required` is the message when it is missing. */
export function requiredImage(required: string) {
  return z.custom<File>((value) => value instanceof File, { error: required }).superRefine(checkImageFile);
}

export const OptionalImageSchema = z.instanceof(File).superRefine(checkImageFile).optional();
