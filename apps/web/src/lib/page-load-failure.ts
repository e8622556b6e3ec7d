/**
 * Whether a page's code could not be fetched (offline, or a release replaced it), in the words
 * Chromium, Firefox and Safari use for a failed `import()`.
 */
export function isPageLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message)
  );
}
