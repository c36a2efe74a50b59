// The text to show for a caught value: JavaScript lets code throw anything, not only an Error.
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
