// Byte counts as people read them ("1.1 GB", "86 MB"), for the model manager's listings and progress in every host.

const UNITS = ['KB', 'MB', 'GB', 'TB'];

export function describeBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
