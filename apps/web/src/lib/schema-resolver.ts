import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Form inputs hold text; the shared schemas (the server's own) turn it into the request's types.
 * zodResolver cannot see that a schema which accepts `unknown` accepts the form's values too.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>(schema: z.ZodType<TOutput>): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema as unknown as z.ZodType<TOutput, TValues>);
}
