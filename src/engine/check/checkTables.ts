// `lantern check`: every row of the messages table and the vector table read back, at their newest intact version.
import { readFile } from 'node:fs/promises';
import { connect } from '@lancedb/lancedb';
import { join } from 'node:path';
import { describeStoreHealth, type LostImport, type TableHealing } from '../../shared/model/storeHealth';
import type { SourceRegistry } from '../store/sourceRegistry';
import { decodeAttachments, MESSAGE_SCHEMA, type MessageRecord } from '../store/messageRecord';
import { MessageStore } from '../store/messageStore';
import { openFailure, openIntactTable, readIntact, type HealingPlace } from '../store/tableHealth';
import { CHUNK_TABLE } from '../vectors/chunkStore';
import { findLostImports } from './lostImports';
import { makePart, settle, type CheckPart } from './checkReport';
import { errorMessage } from '../../shared/errorMessage';

/** What the messages table holds that the other parts check against. */
export interface StoredMessages {
  rows: number;
  /** Message ids and source files by source id. */
  bySource: Map<string, { messages: number; file: string }>;
  /** Message ids by the hash of each attachment copy they refer to. */
  attachmentUsers: Map<string, string[]>;
}

/** Reads every column of every row: damage anywhere in a data file shows here, not only in the catalog's columns. */
async function readEverything(store: MessageStore): Promise<StoredMessages> {
  const columns = MESSAGE_SCHEMA.fields.map((field) => field.name) as (keyof MessageRecord)[];
  const stored: StoredMessages = { rows: 0, bySource: new Map(), attachmentUsers: new Map() };
  for await (const rows of store.scanColumns(columns)) {
    for (const row of rows) {
      stored.rows += 1;
      const source = stored.bySource.get(row.sourceId!) ?? { messages: 0, file: row.sourceFile! };
      source.messages += 1;
      stored.bySource.set(row.sourceId!, source);
      for (const attachment of decodeAttachments(row.attachmentsJson!)) {
        if (!attachment.contentHash || attachment.notStored) continue;
        const users = stored.attachmentUsers.get(attachment.contentHash) ?? [];
        users.push(row.id!);
        stored.attachmentUsers.set(attachment.contentHash, users);
      }
    }
  }
  return stored;
}

/** Whether the table exists, asked without opening it (a check must not create what it checks). */
async function hasTable(location: string, name: string): Promise<boolean> {
  const connection = await connect(location);
  try {
    return (await connection.tableNames()).includes(name);
  } finally {
    connection.close();
  }
}

function healingSentence(healing: TableHealing): string {
  return describeStoreHealth({ healed: [healing], reimport: [] })[0]!;
}

/** Checks the messages table; with repair, heals it and marks the imports it lost in the registry. */
export async function checkMessagesTable(
  tablesLocation: string,
  place: HealingPlace,
  sources: SourceRegistry | null,
): Promise<{ part: CheckPart; stored: StoredMessages | null; lost: LostImport[] }> {
  const part = makePart('tables');
  let store: MessageStore;
  try {
    if (!(await hasTable(tablesLocation, 'messages'))) {
      part.checked.push('messages table: none yet (nothing imported)');
      return { part, stored: { rows: 0, bySource: new Map(), attachmentUsers: new Map() }, lost: [] };
    }
    store = await MessageStore.open(tablesLocation, place);
  } catch (error) {
    part.problems.push(`messages table: ${errorMessage(error)}`);
    return { part: settle(part), stored: null, lost: [] };
  }
  try {
    const stored = await store.readIntact(readEverything);
    const { current } = await store.versions();
    part.checked.push(`messages table: ${stored.rows} rows at version ${current}, every column read`);
    const healing = store.healing;
    let lost: LostImport[] = [];
    if (healing) {
      (healing.isRepaired ? part.repaired : part.problems).push(healingSentence(healing));
      if (sources) {
        lost = findLostImports(healing, sources.list(), new Map([...stored.bySource].map(([id, source]) => [id, source.messages])));
        if (place.canWrite) await sources.markIncomplete(lost);
      }
    }
    return { part: settle(part), stored, lost };
  } catch (error) {
    part.problems.push(`messages table: ${errorMessage(error)}`);
    return { part: settle(part), stored: null, lost: [] };
  } finally {
    store.close();
  }
}

/** Checks vectors.json and the vector table it describes (vectors lost with a version are made again by embedding). */
export async function checkVectorTable(dataDir: string, tablesLocation: string, place: HealingPlace): Promise<CheckPart> {
  const part = makePart('vectors');
  let state: { dimensions?: unknown; embedderId?: unknown; table?: unknown };
  try {
    state = JSON.parse(await readFile(join(dataDir, 'vectors.json'), 'utf8')) as typeof state;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') part.checked.push('no vectors yet (vectors.json absent)');
    else part.problems.push(`vectors.json cannot be read (${(error as Error).message}); the next embedding run writes it again`);
    return settle(part);
  }
  part.checked.push(`vectors.json: ${String(state.embedderId)}, ${String(state.dimensions)} dimensions`);
  // A switched embedder's vectors are in a table of its own, which vectors.json names.
  const table = typeof state.table === 'string' ? state.table : CHUNK_TABLE;
  let opened;
  try {
    // A store embedded before schema 2 keeps its vectors in the older table until the writer copies them.
    if (!(await hasTable(tablesLocation, table))) {
      part.checked.push('vector table: none in the current layout yet');
      return settle(part);
    }
    opened = await openIntactTable(tablesLocation, table, place);
  } catch (error) {
    part.problems.push(`vector table: ${openFailure(table, tablesLocation, error).message}`);
    return settle(part);
  }
  try {
    const { value: ids, healing } = await readIntact(opened, tablesLocation, place, async () => {
      const messages = new Set<string>();
      for await (const batch of opened.table.query().select(['messageId', 'vector']))
        for (const row of batch.toArray()) messages.add(String(row.messageId));
      return messages;
    });
    const schema = await opened.table.schema();
    const vectorField = schema.fields.find((field) => field.name === 'vector');
    const size = (vectorField?.type as { listSize?: number } | undefined)?.listSize;
    part.checked.push(`vector table: ${await opened.table.countRows()} passages of ${ids.size} messages, ${String(size)} dimensions`);
    if (size !== undefined && size !== state.dimensions)
      part.problems.push(
        `vectors.json says ${String(state.dimensions)} dimensions but the vector table holds ${size}; run \`lantern embed\` to make them again`,
      );
    if (healing)
      (healing.isRepaired ? part.repaired : part.problems).push(
        `${healingSentence(healing)} The messages whose vectors were lost are embedded again by the next embedding run.`,
      );
  } catch (error) {
    part.problems.push(`vector table: ${errorMessage(error)}`);
  } finally {
    opened.close();
  }
  return settle(part);
}
