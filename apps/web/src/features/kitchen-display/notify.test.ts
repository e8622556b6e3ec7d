import { afterEach, describe, expect, it, vi } from 'vitest';
import { showNotification } from './notify';

/** A Notification constructor as a browser has it; `refuse` is what its constructor throws. */
function stubNotification(refuse?: Error) {
  const shown: string[] = [];
  const Notification = vi.fn(function (this: unknown, title: string) {
    if (refuse) throw refuse;
    shown.push(title);
  });
  Object.assign(Notification, { permission: 'granted' });
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('window', { Notification });
  return shown;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the board notification', () => {
  it('shows one where the constructor works', async () => {
    const shown = stubNotification();
    vi.stubGlobal('navigator', {});
    expect(await showNotification('New order #3', 'Ani', 'order-3')).toBe('shown');
    expect(shown).toEqual(['New order #3']);
  });

  it("on Android Chrome (the constructor's TypeError) goes through a service worker, or says it cannot", async () => {
    stubNotification(new TypeError("Failed to construct 'Notification': Illegal constructor."));
    const showFromWorker = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => ({ showNotification: showFromWorker }) } });
    expect(await showNotification('New order #4', 'Budi', 'order-4')).toBe('shown');
    expect(showFromWorker).toHaveBeenCalledWith('New order #4', { body: 'Budi', tag: 'order-4' });

    vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => undefined } });
    expect(await showNotification('New order #5', 'Citra', 'order-5')).toBe('unsupported');
  });

  it('lets any other failure through', async () => {
    stubNotification(new RangeError('something else'));
    vi.stubGlobal('navigator', {});
    await expect(showNotification('New order #6', 'Dewi', 'order-6')).rejects.toThrow('something else');
  });

  it('shows nothing without permission', async () => {
    const shown = stubNotification();
    Object.assign(globalThis.Notification, { permission: 'denied' });
    expect(await showNotification('New order #7', 'Eko', 'order-7')).toBe('denied');
    expect(shown).toEqual([]);
  });
});
