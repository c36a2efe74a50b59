// What healing a damaged store found and did, and which imports to run again: shown by `lantern stats`, `check` and the app.

/** One table opened at an older version than its latest because the newer ones were damaged. */
export interface TableHealing {
  /** The LanceDB table: `messages` or the vector table. */
  table: string;
  /** Versions that could not be read and were given up, newest first. */
  lostVersions: number[];
  /** The version the table was opened at: the newest that reads whole. */
  keptVersion: number;
  /** When the kept version was written (ISO 8601); what was written after it is lost. */
  keptAt: string | null;
  /** Rows in the table now. */
  rows: number;
  /** Rows the lost versions held beyond the kept one, when their manifests could still be read. */
  rowsLost: number | null;
  /** Where the damaged files were put (moved, never deleted); null when nothing was moved (a reader). */
  damagedFolder: string | null;
  /**
   * True when the writer made the kept version current; false when a read-only engine only reads around the damage
   * (the next writer — the app, `lantern import` or `lantern check --repair` — repairs it).
   */
  isRepaired: boolean;
}

/** An import whose messages are not all in the store any more: importing its file again brings them back. */
export interface LostImport {
  sourceId: string;
  path: string;
  importedAt: string;
  /** Messages the import read from the file. */
  messages: number;
  /** Its messages in the store now. */
  present: number;
}

export interface StoreHealth {
  /** Tables healed (or read around) when this engine opened the store. */
  healed: TableHealing[];
  /** Imports to run again, kept until they are (in sources.json). */
  reimport: LostImport[];
}

/** One short paragraph for a person: what was lost and what to do. Empty when there is nothing to say. */
export function describeStoreHealth(health: StoreHealth): string[] {
  const lines: string[] = [];
  for (const healing of health.healed) {
    const versions =
      healing.lostVersions.length === 1 ? `version ${healing.lostVersions[0]}` : `versions ${healing.lostVersions.join(', ')}`;
    const rows = healing.rowsLost === null ? '' : ` (${healing.rowsLost} rows)`;
    const kept = healing.damagedFolder ? `; the damaged files are kept in ${healing.damagedFolder}` : '';
    const state = healing.isRepaired
      ? `was damaged: ${versions}${rows} could not be read and ${healing.lostVersions.length === 1 ? 'was' : 'were'} set aside`
      : `is damaged: ${versions}${rows} cannot be read, so this read-only Lantern reads version ${healing.keptVersion}; run \`lantern check --repair\` (or open the app) to repair it`;
    lines.push(
      `The store's ${healing.table} table ${state}; it now holds ${healing.rows} rows as of version ${healing.keptVersion}${kept}.`,
    );
  }
  if (health.reimport.length > 0) {
    const imports = health.reimport.map((lost) => `${lost.path} (${lost.present} of ${lost.messages} messages present)`).join(', ');
    lines.push(`Import again to bring back what was lost: ${imports}. Messages already in the store are not duplicated.`);
  }
  return lines;
}
