// Texts only the server says: error answers, shop-rule reasons, e-mails, the CSV report's header.
// English is the source: the specification's texts word for word.
export const server = {} as const;
