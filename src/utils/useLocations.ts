import { useEffect, useState } from 'react';
import type { TLocationOptions } from '@/contracts/locations';
import { locationOptions } from '@/services/locations';

export interface Locations extends TLocationOptions {
  /** Whether to show location pickers: the centre has more than one active location (issue 23). */
  many: boolean;
  /** Whether any active location has a room (room pickers and the room view show only then). */
  hasRooms: boolean;
  loaded: boolean;
  /** Reads the options again (after a location or room was added). */
  reload: () => void;
}

const EMPTY: TLocationOptions = { locations: [], sites: null, travelMinutes: 0 };
let cached: Promise<TLocationOptions> | undefined;

/** Forgets the cached options (a location or room was saved; a different user signed in). */
export function forgetLocations() {
  cached = undefined;
}

/**
 * The centre's active locations with their rooms, the caller's sites and the travel time, read once
 * per page load and shared by every picker. A one-location centre gets `many: false` and the screens
 * hide their location pickers.
 */
export function useLocations(): Locations {
  const [options, setOptions] = useState<TLocationOptions | undefined>();
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the options again after reload()
  useEffect(() => {
    let live = true;
    cached ??= locationOptions().catch((error) => {
      cached = undefined;
      throw error;
    });
    cached.then((o) => live && setOptions(o)).catch(() => live && setOptions(EMPTY));
    return () => {
      live = false;
    };
  }, [round]);
  const value = options ?? EMPTY;
  return {
    ...value,
    many: value.locations.length > 1,
    hasRooms: value.locations.some((l) => l.rooms.length > 0),
    loaded: options !== undefined,
    reload: () => {
      forgetLocations();
      setRound((r) => r + 1);
    },
  };
}
