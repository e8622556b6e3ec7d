import type { Page } from './playwright';

// Set time as a person uses it (docs/decisions/spec-fidelity.md#rough-edges-the-customers-path): a day,
// its part when the day is long, then a time of it.

/** The parts of the shop's day the picker offers for a long day, as it labels them. */
const PARTS = [
  { from: 0, label: 'Night, 00:00–06:00' },
  { from: 6, label: 'Morning, 06:00–12:00' },
  { from: 12, label: 'Afternoon, 12:00–17:00' },
  { from: 17, label: 'Evening, 17:00–24:00' },
];

export const setTimeDay = (page: Page) => page.getByRole('combobox', { name: 'Day', exact: true });
export const setTimeTime = (page: Page) => page.getByRole('combobox', { name: 'Time' });

/** Chooses a slot written in the shop's offset ("2026-11-27T11:30:00+07:00"). */
export async function chooseSlot(page: Page, slot: string): Promise<void> {
  await setTimeDay(page).selectOption(slot.slice(0, 10));
  const part = page.getByRole('combobox', { name: 'Part of the day' });
  if ((await part.count()) > 0) {
    const hour = Number(slot.slice(11, 13));
    await part.selectOption({ label: PARTS.findLast((p) => p.from <= hour)!.label });
  }
  await setTimeTime(page).selectOption(slot);
}
