// Opens the tables a manifest lists with LanceDB and counts their rows: by reading every row, or from LanceDB's count.
import { connect, type Connection, type Table } from '@lancedb/lancedb';
import type { BackupTable } from './backupFormat';
import { errorMessage } from '../../shared/errorMessage';

export interface CheckFindings {
  checked: string[];
  problems: string[];
}

/** LanceDB's first line, without the Rust source location it appends. */
function reason(error: unknown): string {
  const firstLine = errorMessage(error).split('\n')[0]!;
  return firstLine.replace(/,\s*\/\S+\.rs:\d+:\d+.*$/, '').slice(0, 300);
}

async function countByReading(table: Table): Promise<number> {
  let rows = 0;
  for await (const batch of table.query()) rows += batch.numRows;
  return rows;
}

/**
 * `readEveryRow` reads each table's data files through, which finds a truncated or damaged file; LanceDB's own count
 * reads only the table's manifest, enough to tell that a store opens.
 */
export async function checkTables(lancedbFolder: string, tables: readonly BackupTable[], readEveryRow: boolean): Promise<CheckFindings> {
  const findings: CheckFindings = { checked: [], problems: [] };
  let connection: Connection;
  try {
    connection = await connect(lancedbFolder);
  } catch (error) {
    findings.problems.push(`the tables at ${lancedbFolder} cannot be opened: ${reason(error)}`);
    return findings;
  }
  try {
    const present = await connection.tableNames();
    for (const expected of tables) {
      if (!present.includes(expected.name)) {
        findings.problems.push(`table ${expected.name} is missing`);
        continue;
      }
      try {
        const table = await connection.openTable(expected.name);
        try {
          const rows = readEveryRow ? await countByReading(table) : await table.countRows();
          if (rows === expected.rows) findings.checked.push(`table ${expected.name}: ${rows} rows ${readEveryRow ? 'read' : 'counted'}`);
          else findings.problems.push(`table ${expected.name} holds ${rows} rows; the backup recorded ${expected.rows}`);
        } finally {
          table.close();
        }
      } catch (error) {
        findings.problems.push(`table ${expected.name} cannot be read: ${reason(error)}`);
      }
    }
  } catch (error) {
    findings.problems.push(`the tables at ${lancedbFolder} cannot be listed: ${reason(error)}`);
  } finally {
    connection.close();
  }
  return findings;
}
