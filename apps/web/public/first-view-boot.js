// Starts the app on a page the server rendered (docs/decisions/first-view.md): its scripts are
// asked for once the page has painted, so that on a slow network the text and pictures arrive
// first and the scripts, which only make the page interactive, do not compete with them.
// The server names them on this script: data-entry (the app's module) and data-preload (the chunks it imports).
(() => {
  const boot = document.currentScript;
  const entry = boot?.dataset.entry;
  if (!entry) return;
  const chunks = (boot.dataset.preload ?? '').split(' ').filter(Boolean);
  const start = () => {
    for (const href of chunks) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
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
