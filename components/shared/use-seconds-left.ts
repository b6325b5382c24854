import { useEffect, useState } from 'preact/hooks';

/**
 * Whole seconds left until `until` (a clock time), ticking once a second while the wait lasts and
 * stopping at zero; undefined when there is no wait.
 */
export function useSecondsLeft(until: number | undefined): number | undefined {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    if (until === undefined || until <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? undefined : Math.max(0, Math.ceil((until - now) / 1000));
}
