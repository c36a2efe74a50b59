// Whether the People view is open and which person it shows; opening from a name goes straight to that person.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { registerPersonOpener } from './personOpener';

export interface PeopleViewControl {
  isOpen: boolean;
  /** The address of the person shown in detail, or null. */
  personId: string | null;
  /** Opened from a name (the person's detail takes the keys) rather than from the tree (the filter does). */
  isFromName: boolean;
  open: (personId?: string | null) => void;
  select: (personId: string | null) => void;
  close: () => void;
  /** Grows when an address is kept apart or rejoined, so lists and details load again. */
  grouping: number;
  regrouped: () => void;
}

export function usePeopleView(): PeopleViewControl {
  const [state, setState] = useState<{ isOpen: boolean; personId: string | null; isFromName: boolean }>({
    isOpen: false,
    personId: null,
    isFromName: false,
  });
  const [grouping, setGrouping] = useState(0);
  const open = useCallback((personId: string | null = null) => {
    setState((previous) => ({ isOpen: true, personId: personId ?? previous.personId, isFromName: personId !== null }));
  }, []);
  const select = useCallback((personId: string | null) => setState((previous) => ({ ...previous, isOpen: true, personId })), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, isOpen: false })), []);
  // Any name in the window opens its person here.
  useEffect(() => registerPersonOpener((address) => open(address)), [open]);
  const regrouped = useCallback(() => setGrouping((value) => value + 1), []);
  return useMemo(() => ({ ...state, open, select, close, grouping, regrouped }), [state, open, select, close, grouping, regrouped]);
}
