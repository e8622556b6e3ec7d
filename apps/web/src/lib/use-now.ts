import { useEffect, useState } from 'react';

/** The current time, updated every `everyMs` ("placed 5 min ago" stays true while a screen is open). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "just now", "4 min ago", "1 h 5 min ago". */
export function timeAgo(since: number, now: number, justNow: string): string {
  const minutes = Math.floor((now - since) / 60_000);
  if (minutes < 1) return justNow;
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''} ago`;
}
