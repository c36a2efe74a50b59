// How any name in the window opens that person in the People view: the view registers itself once, names call it.
// A module-level hook-up rather than a React context, so the app shell needs no provider wrapped around every pane.

let opener: ((address: string) => void) | null = null;

/** Made by the People view's control; the answer unregisters it. */
export function registerPersonOpener(open: (address: string) => void): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

export function openPerson(address: string): void {
  opener?.(address);
}
