import { useLocalStorage } from '@mantine/hooks';

/**
 * The debug toggles of the user menu (session-shell §6: show IDs, auto refresh), kept in this browser. Only
 * users with the Debug property see and use them: for everyone else both read as off.
 */
export interface DebugToggles {
  showIds: boolean;
  autoRefresh: boolean;
}

const keys: Readonly<Record<keyof DebugToggles, string>> = {
  showIds: 'headland.debug.showIds',
  autoRefresh: 'headland.debug.autoRefresh',
};

/** One toggle: its value for this user (off without the Debug property) and its setter. */
export function useDebugToggle(name: keyof DebugToggles, debug: boolean): [boolean, (on: boolean) => void] {
  const [value, setValue] = useLocalStorage<boolean>({
    key: keys[name],
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return [debug && value, setValue];
}
