import { useEffect, useLayoutEffect, useRef } from 'react';
import { saveScrollPositions, scrollPositions } from './history';
import { decode } from './match';
import { useLocation } from './router';

/**
 * The page's scroll as people expect it: a new page starts at its top (or at its #anchor), and Back,
 * Forward or a reload find a page where it was left. The browser's own restoration is off, since it
 * would scroll before the app has drawn the page it comes back to.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      saveScrollPositions();
      // Another site, then Back with this page out of the browser's cache: its first load scrolls as the browser does until the app runs.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    // A page load's first entry is only found again on a reload or Back from another site: an
    // address typed anew in this tab also has the first entry's key.
    const saved = first.current && !cameBack() ? undefined : scrollPositions()[location.key];
    const anchor = location.hash ? document.getElementById(decode(location.hash.slice(1))) : null;
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
    } else if (anchor) {
      anchor.scrollIntoView();
    } else if (!first.current) {
      // Not on the page's first drawing: a page the server rendered may have been scrolled while its
      // scripts came, and taking it over must not throw the person back to the top.
      window.scrollTo(0, 0);
    }
    first.current = false;
  }, [location]);

  return null;
}

function cameBack(): boolean {
  const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}
