// The copy of apache-arrow that LanceDB itself loads, for Arrow data handed to it.
import { createRequire } from 'node:module';
import type * as Arrow from 'apache-arrow';

/**
 * apache-arrow ships an ES and a CommonJS build, and an ES import loads the first while LanceDB requires the second:
 * two copies of every class. LanceDB tells tables from plain rows with instanceof, so a table it is given must be made
 * with its copy.
 */
export const lanceArrow = createRequire(import.meta.url)('apache-arrow') as typeof Arrow;
