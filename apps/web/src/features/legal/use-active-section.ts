import { useEffect, useState } from 'react';

/**
 * The id of the section being read: the last one whose top has scrolled above a line a little
 * below the sticky header. Drives the table of contents' 'you are here' mark.
 */
export function useActiveSection(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    const sectionIds = key.split(' ').filter(Boolean);
    let frame = 0;
    function update() {
      frame = 0;
      const line = 120;
      let current: string | null = null;
      for (const id of sectionIds) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= line) current = id;
      }
      // At the very bottom the last section counts as read, however short it is.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) current = sectionIds.at(-1) ?? current;
      setActive(current ?? sectionIds[0] ?? null);
    }
    function schedule() {
      if (!frame) frame = requestAnimationFrame(update);
    }
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);

  return active;
}
