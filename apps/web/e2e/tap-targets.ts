import { expect, type Locator, type Page, test } from './playwright';

// Tap targets on a phone (docs/decisions/spec-fidelity.md#rough-edges-the-counter-and-small-screens):
// WCAG 2.2 AA 2.5.8 asks for at least 24 × 24 CSS px per target.

/** Everything a person can tap, click or tab to. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
].join(',');

export interface TapTarget {
  /** The element as a person would find it: its tag, its name and where it is. */
  element: string;
  width: number;
  height: number;
}

export interface TapTargetReport {
  targets: TapTarget[];
  /** Links inside a sentence, left out of the measure by 2.5.8's inline exception. */
  inline: string[];
}

/**
 * Measures every visible interactive element of the page. A visually hidden input (a styled radio,
 * a file picker behind its label) is measured by its label, which is what a finger touches.
 */
export async function measureTapTargets(page: Page): Promise<TapTargetReport> {
  return page.evaluate((selector) => {
    const describe = (el: Element): string => {
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])].map((l) => l.textContent).join(' ') : '';
      const name = (el.getAttribute('aria-label') || labels || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const kind = el.getAttribute('type') ? `${el.tagName.toLowerCase()}[type=${el.getAttribute('type')}]` : el.tagName.toLowerCase();
      const landmark = el.closest('header, footer, nav, main, aside, [role="dialog"]');
      const where =
        landmark &&
        `${landmark.tagName.toLowerCase()}${landmark.getAttribute('aria-label') ? ` "${landmark.getAttribute('aria-label')}"` : ''}`;
      return `${kind} "${name}"${where ? ` in ${where}` : ''}`;
    };
    const visuallyHidden = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width <= 1 || box.height <= 1 || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    };
    const shown = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      return el.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
    };
    // 2.5.8's inline exception, narrowly: a link laid out inline whose nearest block holds words of its own
    // around it (a sentence). A link alone in its block, a button or a field never qualifies.
    const inSentence = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block) return false;
      const around = (block.textContent ?? '').replace(el.textContent ?? '', '');
      return /\p{L}{2,}/u.test(around);
    };

    const targets: { element: string; width: number; height: number }[] = [];
    const inline: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      let target: Element = el;
      if (visuallyHidden(el)) {
        const label = el instanceof HTMLInputElement ? [...(el.labels ?? [])].find(shown) : undefined;
        if (!label) continue; // a skip link until it is focused, a live region's helper
        target = label;
      }
      if (inSentence(el)) {
        inline.push(describe(el));
        continue;
      }
      const box = target.getBoundingClientRect();
      targets.push({ element: describe(el), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
    }
    return { targets, inline };
  }, INTERACTIVE);
}

/** Fails naming each element under min × min px, with its size. */
export async function expectTapTargets(page: Page, screen: string, min = 24): Promise<TapTargetReport> {
  const report = await measureTapTargets(page);
  expect(report.targets.length, `${screen}: interactive elements measured`).toBeGreaterThan(0);
  const small = report.targets
    .filter((t) => t.width < min - 0.05 || t.height < min - 0.05)
    .map((t) => `${t.element}: ${t.width}×${t.height}`);
  expect.soft(small, `${screen}: tap targets under ${min}×${min} px`).toEqual([]);
  // Each exemption is written in the report, so that none passes unseen.
  for (const link of report.inline)
    test.info().annotations.push({ type: 'inline link (2.5.8 exception)', description: `${screen}: ${link}` });
  return report;
}

/** Each of the located elements is at least min × min px (the cart's −/+, the board's moves: 44). */
export async function expectEachAtLeast(locator: Locator, min: number, what: string): Promise<void> {
  const boxes = await locator.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(), width: box.width, height: box.height };
    }),
  );
  expect(boxes.length, `${what}: found`).toBeGreaterThan(0);
  const small = boxes.filter((b) => b.width < min - 0.05 || b.height < min - 0.05).map((b) => `"${b.name}": ${b.width}×${b.height}`);
  expect.soft(small, `${what}: under ${min}×${min} px`).toEqual([]);
}
