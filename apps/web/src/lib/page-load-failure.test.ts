import { describe, expect, it } from 'vitest';
import { isPageLoadFailure } from './page-load-failure';

describe('isPageLoadFailure', () => {
  it("knows a page's code that could not be fetched, in each browser's words", () => {
    expect(isPageLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://shop/assets/login-1.js'))).toBe(true);
    expect(isPageLoadFailure(new TypeError('error loading dynamically imported module: http://shop/assets/login-1.js'))).toBe(true);
    expect(isPageLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('leaves every other error to the general message', () => {
    expect(isPageLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isPageLoadFailure(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isPageLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});
