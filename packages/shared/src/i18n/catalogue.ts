/**
 * A catalogue's shape: every key of the English catalogue, each an ICU message. The Indonesian parts
 * are written `satisfies Translation<typeof enPart>`, so a key missing from either language, or one
 * more, fails the type check (and catalogues.test.ts says which).
 */
export type Translation<English> = { readonly [Key in keyof English]: string };
