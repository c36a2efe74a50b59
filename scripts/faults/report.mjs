// The run's figures: a table per fault kind (injected, opened as is, repaired, lost, duplicated, unopenable) and totals.

const COLUMNS = [
  ['injected', 'faults injected'],
  ['opened', 'opened as is'],
  ['repaired', 'repaired by check'],
  ['unopenable', 'left unopenable'],
  ['lost', 'messages lost'],
  ['duplicates', 'messages duplicated'],
  ['missingUntilRerun', 'missing until re-import'],
  ['failed', 'faults with problems'],
];

/** Sums the results of each kind, in the order the kinds were listed, and over all. */
export function tally(kinds, results) {
  const empty = () => Object.fromEntries(COLUMNS.map(([key]) => [key, 0]));
  const rows = new Map(kinds.map((kind) => [kind.name, { kind: kind.name, title: kind.title, ...empty() }]));
  const total = { kind: 'total', title: 'all faults', ...empty() };
  for (const result of results) {
    if (!result.injected) continue;
    for (const row of [rows.get(result.kind), total]) {
      row.injected += 1;
      row.opened += result.opened ? 1 : 0;
      row.repaired += result.repaired ? 1 : 0;
      row.unopenable += result.unopenable ? 1 : 0;
      row.lost += result.lost;
      row.duplicates += result.duplicates;
      row.missingUntilRerun += result.missingUntilRerun;
      row.failed += result.problems.length > 0 ? 1 : 0;
    }
  }
  return { rows: [...rows.values()].filter((row) => row.injected > 0), total };
}

/** A Markdown table (also readable as plain text). */
export function formatTable({ rows, total }) {
  const header = ['fault', ...COLUMNS.map(([, label]) => label)];
  const lines = [
    header,
    header.map(() => '---'),
    ...[...rows, total].map((row) => [row.title || row.kind, ...COLUMNS.map(([key]) => String(row[key]))]),
  ];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** One line per fault with a problem, and the faults that could not be injected. */
export function formatProblems(results) {
  const lines = [];
  for (const result of results) {
    if (!result.injected) lines.push(`- ${result.kind} #${result.index}: not injected (${result.detail})`);
    else if (result.problems.length > 0) lines.push(`- ${result.kind} #${result.index} (${result.detail}): ${result.problems.join('; ')}`);
  }
  return lines.join('\n');
}
