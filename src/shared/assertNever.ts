// Exhaustiveness guard for switches over union types: a new union member fails to compile here.
export function assertNever(value: never, context = 'value'): never {
  throw new Error(`unexpected ${context}: ${JSON.stringify(value)}`);
}
