// React-toastify's styles as a stylesheet fetched with this chunk, rather than a string in its script
// (vite.config.ts points `react-toastify` at its unstyled build): about 3 KB gzipped of JavaScript less.
import 'react-toastify/ReactToastify.css';
import { type CSSProperties, useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify';
import { onTopBarHeight, topBarHeight, topBarHeightStyle } from '../lib/top-bar-height';

/**
 * docs/decisions/spec-fidelity.md#delays: toasts close after 5000 ms, react-toastify's default. One at
 * a time (lib/toast.ts replaces the one shown), under the top bar (index.css), so that none covers the
 * bar's controls (docs/decisions/spec-fidelity.md#rough-edges-dead-ends-words-and-dates).
 */
export function Toasts() {
  useSyncExternalStore(onTopBarHeight, topBarHeight, topBarHeight);
  return (
    <div style={topBarHeightStyle() as CSSProperties}>
      <ToastContainer position="top-center" theme="light" limit={1} />
    </div>
  );
}
