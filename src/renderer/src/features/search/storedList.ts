// A list kept in localStorage as JSON: read item by item so one bad entry or a full or missing store never breaks the bar.

export function readStoredList<T>(key: string, isItem: (value: unknown) => value is T): T[] {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`search: cannot read ${key} from local storage; starting empty`, error);
    return [];
  }
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn(`search: ${key} in local storage is not JSON; starting empty`);
    return [];
  }
  if (!Array.isArray(parsed)) {
    console.warn(`search: ${key} in local storage is not a list; starting empty`);
    return [];
  }
  return parsed.filter(isItem);
}

/** Saves the list; false when the browser refused (storage full or disabled), which is logged. */
export function writeStoredList<T>(key: string, items: readonly T[]): boolean {
  try {
    window.localStorage.setItem(key, JSON.stringify(items));
    return true;
  } catch (error) {
    console.warn(`search: cannot save ${key} to local storage; it lasts until the window closes`, error);
    return false;
  }
}
