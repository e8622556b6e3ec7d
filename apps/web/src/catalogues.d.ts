// The screens' compiled catalogues, one module per language (build/compiled-catalogues.ts).
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
