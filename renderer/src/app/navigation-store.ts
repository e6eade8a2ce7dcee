import { create } from 'zustand';

/** Which screen is open. Screens register in screens.tsx; this store only remembers the choice. */
export type NavigationState = { screen: string; params: Record<string, string>; go(screen: string, params?: Record<string, string>): void };

export const useNavigation = create<NavigationState>((set) => ({
  screen: 'home',
  params: {},
  go: (screen, params = {}) => set({ screen, params }),
}));
