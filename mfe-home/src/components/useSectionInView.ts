import { useEffect, useState } from 'react';

/**
 * The id of the first listed section that crosses the upper part of the window, for the page
 * menu's "you are here" mark; null on the server, before the first observation and in
 * browsers without IntersectionObserver.
 */
export function useSectionInView(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const order = key.split(' ');
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        setCurrent(order.find((id) => visible.has(id)) ?? null);
      },
      // The band below the sticky header and above the lower half of the window.
      { rootMargin: '-96px 0px -50% 0px' },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);

  return current;
}
