import { type LoginInput, LoginSchema, type RegisterInput, RegisterSchema } from '@kopi/shared';
import { schemaResolver } from '../../../lib/schema-resolver';

// Loaded on the first submit (lib/lazy-resolver.ts): the same schemas the server validates with.
export const loginResolver = schemaResolver<LoginInput, LoginInput>(LoginSchema);
export const signUpResolver = schemaResolver<RegisterInput, RegisterInput>(RegisterSchema);
