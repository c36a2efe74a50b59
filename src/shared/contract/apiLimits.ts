// The bounds the router holds a call's arguments to, in a file of their own so a caller can check them without zod.
export const MAX_QUERY_LENGTH = 10_000;
export const MAX_PAGE_SIZE = 1_000;
