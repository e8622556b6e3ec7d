import type { Translation } from '../catalogue.ts';
import type { common as english } from '../en/common.ts';

// Texts both the server and the screens show: the specification's messages (MSG) and the shared schemas' validation messages.
export const common = {} as const satisfies Translation<typeof english>;
