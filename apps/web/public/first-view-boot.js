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
  // After the next frame is painted; a tab opened in the background paints nothing until shown, so it starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
