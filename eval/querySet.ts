// Reads the labelled query files in eval/queries/: one slice each, queries with the RFC Message-IDs that answer them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** 'described': a mail described from memory in the person's own words (eval/queries/described/). */
export const CATEGORIES = ['known-item', 'topical', 'people-date', 'vocabulary-mismatch', 'attachment', 'described'] as const;
export type Category = (typeof CATEGORIES)[number];

const labelledQuery = z.strictObject({
  id: z.string().min(1),
  category: z.enum(CATEGORIES),
  query: z.string().min(1),
  /** Message-ID header values without angle brackets: stable across imports, unlike our own ids. */
  relevant: z.array(z.string().min(1)).min(1),
  /** How the relevant set was chosen, for whoever checks the labels. */
  note: z.string().optional(),
});

const querySet = z.strictObject({
  slice: z.string().min(1),
  description: z.string().optional(),
  queries: z.array(labelledQuery).min(1),
});

export type LabelledQuery = z.infer<typeof labelledQuery>;
export type QuerySet = z.infer<typeof querySet> & { file: string };

/** Every query file of the folder; a malformed file is named with what is wrong in it. */
export async function readQuerySets(folder: string): Promise<QuerySet[]> {
  const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  const sets: QuerySet[] = [];
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(join(folder, file), 'utf8'));
    } catch (error) {
      throw new Error(`eval: ${file} is not JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    const parsed = querySet.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new Error(`eval: ${file} is not a query set: ${problems}`);
    }
    const ids = new Set<string>();
    for (const query of parsed.data.queries) {
      if (ids.has(query.id)) throw new Error(`eval: ${file} has two queries with id ${query.id}`);
      ids.add(query.id);
    }
    sets.push({ ...parsed.data, file });
  }
  return sets;
}
