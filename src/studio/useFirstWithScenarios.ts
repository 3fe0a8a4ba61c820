// A part's phone starts on the first screen using it that has scenarios (its calls answered),
// else the first: chosen once the screens are known, unless a screen is chosen already.
import { useEffect } from 'react';
import type { StudioApi } from './api';

export function useFirstWithScenarios(
  api: StudioApi,
  screens: readonly string[],
  active: boolean,
  chosen: string | null,
  choose: (screen: string) => void,
): void {
  const key = screens.join(' ');
  useEffect(() => {
    if (!active || chosen !== null || screens.length === 0) return;
    let cancelled = false;
    void Promise.all(screens.map((screen) => api.loadScenarios(screen))).then((all) => {
      const withScenarios = screens.find((_screen, i) => (all[i]?.scenarios.length ?? 0) > 0);
      if (!cancelled) choose(withScenarios ?? screens[0]!);
    });
    return () => {
      cancelled = true;
    };
    // key stands for screens (a new array on every check); choose is a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, active, chosen, key]);
}
