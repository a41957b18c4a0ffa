import { useEffect, useState } from 'react';

/** What `load` resolves to, loaded again when `key` changes (undefined meanwhile). */
export function useLoaded<T>(key: string, load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new closure each render; `key` names what it loads
  useEffect(() => {
    let live = true;
    void load().then((value) => {
      if (live) setLoaded({ key, value });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return loaded?.key === key ? loaded.value : undefined;
}
