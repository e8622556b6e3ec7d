// Starts the app on a page the server rendered (docs/decisions/first-view.md): its scripts are
// asked for once the page has painted, so that on a slow network the text and pictures arrive
// first and the scripts, which only make the page interactive, do not compete with them.
// The server writes this script into the page (apps/api/src/plugins/first-view/boot-script.ts, its
// whole-line comments left out) and names the scripts on it: data-entry (the app's module) and
// data-preload (the chunks it imports), and data-formats-times on a page that writes the shop's
// dates as it takes over.
(() => {
  const boot = document.currentScript;
  const entry = boot?.dataset.entry;
  if (!entry) return;
  const chunks = (boot.dataset.preload ?? '').split(' ').filter(Boolean);
  // A few chunks per task: each request asked for costs the main thread a little, and the forty of
  // a product page asked for at once made one task of 15–20 ms on a desktop, 60–160 ms on a phone.
  const PER_TASK = 8;
  const start = (from = 0) => {
    for (const href of chunks.slice(from, from + PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + PER_TASK < chunks.length) return setTimeout(start, 0, from + PER_TASK);
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
    if ('formatsTimes' in boot.dataset) setTimeout(readyTheCalendar, 0);
  };
  // A browser's first date formatter loads its calendars and time zones (20–40 ms on a desktop, four
  // times that on a phone): done here, in a task of its own while the scripts download, rather than
  // in the middle of the page's take-over, where it would hold a tap with the rest.
  const readyTheCalendar = () => {
    const timeZone = document.querySelector('meta[name="shop-timezone"]')?.getAttribute('content') || undefined;
    new Intl.DateTimeFormat(document.documentElement.lang || undefined, { timeZone, weekday: 'short', hour: 'numeric' }).format();
  };
  // Once the page has painted its first content and its pictures have arrived (the load event), on
  // the frame after; a tab opened in the background paints nothing until shown, so it starts at once.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  const painted = new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const loaded = new Promise((resolve) =>
    document.readyState === 'complete' ? resolve() : addEventListener('load', resolve, { once: true }),
  );
  Promise.all([painted, loaded]).then(() => requestAnimationFrame(() => setTimeout(start, 0)));
})();
