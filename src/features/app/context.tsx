import { createContext, type ReactNode, useContext } from 'react';
import type { AppearanceActor, SessionActor } from './actors';
import type { QueryClientBox } from './query';

interface AppActors {
  session: SessionActor;
  appearance: AppearanceActor;
  queryBox: QueryClientBox;
}

const AppActorsContext = createContext<AppActors | null>(null);

export function AppActorsProvider({ value, children }: { value: AppActors; children: ReactNode }) {
  return <AppActorsContext.Provider value={value}>{children}</AppActorsContext.Provider>;
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsProvider is missing');
  return actors;
}

export function useSessionActor(): SessionActor {
  return useAppActors().session;
}

export function useAppearanceActor(): AppearanceActor {
  return useAppActors().appearance;
}
