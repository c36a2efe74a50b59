// Each value's position in a list (the last, for a value listed twice), made a few thousand values a step, for
// lookups an import makes between searches (see Catalog.lookupSteps and runInTurns).

/** How many values a step notes: a few milliseconds. */
const STEP_VALUES = 8192;

/** What `new Map(values.map((value, position) => [value, position]))` gives, a step every STEP_VALUES values. */
export function* positionsInSteps(values: readonly string[]): Generator<void, Map<string, number>> {
  const positions = new Map<string, number>();
  for (let position = 0; position < values.length; position += 1) {
    positions.set(values[position]!, position);
    if (position % STEP_VALUES === STEP_VALUES - 1) yield;
  }
  return positions;
}
