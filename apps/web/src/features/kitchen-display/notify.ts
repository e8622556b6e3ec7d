// The board's optional browser notification of a new order, for a barista whose tab is in the
// background. Android Chrome refuses `new Notification()` (a TypeError: "Illegal constructor"): there
// only a service worker may show one. Kopi Senja installs no service worker, so there the board says
// notifications are not available and keeps the chime and the tab title.

export type NotifyResult = 'shown' | 'denied' | 'unsupported';

export function notificationsSupported(): boolean {
  return typeof window.Notification === 'function';
}

export async function askNotificationPermission(): Promise<NotifyResult> {
  if (!notificationsSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  return permission === 'granted' ? 'shown' : 'denied';
}

export async function showNotification(title: string, body: string, tag: string): Promise<NotifyResult> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'granted') return 'denied';
  try {
    new Notification(title, { body, tag });
    return 'shown';
  } catch (error) {
    // Only the constructor's refusal on Android Chrome is expected; anything else is a fault.
    if (!(error instanceof TypeError)) throw error;
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return 'unsupported';
    await registration.showNotification(title, { body, tag });
    return 'shown';
  }
}
