// Texts both the server and the screens show: the specification's messages (MSG) and the shared schemas' validation messages.
// English is the source: the specification's texts word for word.
export const common = {} as const;
