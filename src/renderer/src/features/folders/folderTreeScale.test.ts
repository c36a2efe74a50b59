// The folder tree at 5,000 folders: the time to build the model and draw the first window of rows (printed for the
// record; bounded loosely so a slow shared machine does not fail it, a quadratic slip does).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildFolderTree } from '../../../../shared/folderTree/buildFolderTree';
import { visibleRows } from '../../../../shared/folderTree/visibleRows';
import type { Folder } from '../../../../shared/model/folder';
import { FolderRow } from './FolderRow';
import { nodeScopes } from './nodeScopes';

const FOLDERS = 5000;

function manyFolders(): Folder[] {
  const folders: Folder[] = [];
  for (let index = 0; index < FOLDERS; index += 1) {
    const path = `person${index % 50}/Projects ${Math.floor(index / 50) % 10}/Folder ${index}`;
    folders.push({
      source: `source${index % 3}`,
      kind: index % 7 === 0 ? 'label' : 'folder',
      path,
      name: path.split('/').pop()!,
      count: index % 40,
      unread: index % 5,
    });
  }
  return folders;
}

describe('folder tree at 5,000 folders', () => {
  it('builds the model and draws the first window of rows quickly', () => {
    const folders = manyFolders();
    const sources = [0, 1, 2].map((number) => ({ id: `source${number}`, path: `/mail/archive${number}.pst` }));
    // Twice: the first run pays for compiling the code, the second is what every later change of the folders costs.
    const runs = [0, 1].map(() => {
      const started = performance.now();
      const roots = buildFolderTree(folders, sources);
      const scopes = nodeScopes(roots);
      const rows = visibleRows(roots, { isCollapsed: () => false });
      const modelMs = performance.now() - started;
      const drawStarted = performance.now();
      const markup = renderToStaticMarkup(
        createElement(
          'div',
          null,
          ...rows.slice(0, 60).map((row, index) =>
            createElement(FolderRow, {
              key: row.node.key,
              row,
              index,
              isSelected: false,
              isTabbable: index === 0,
              describedBy: undefined,
              onActivate: () => {},
              onToggle: () => {},
              onHover: () => {},
            }),
          ),
        ),
      );
      const drawMs = performance.now() - drawStarted;
      const filterStarted = performance.now();
      const filtered = visibleRows(roots, { isCollapsed: () => false, filter: 'folder 4321' });
      const filterMs = performance.now() - filterStarted;
      return { rows, scopes, markup, filtered, modelMs, drawMs, filterMs };
    });
    for (const [index, run] of runs.entries()) {
      console.log(
        `folder tree, ${FOLDERS} folders, run ${index + 1}: model ${run.modelMs.toFixed(1)} ms (${run.rows.length} rows), first 60 rows drawn ${run.drawMs.toFixed(1)} ms, filter ${run.filterMs.toFixed(1)} ms`,
      );
    }
    const [first] = runs;
    expect(first!.rows.length).toBeGreaterThan(FOLDERS);
    expect(first!.markup.match(/role="treeitem"/g)).toHaveLength(60);
    expect(first!.filtered.map((row) => row.node.name)).toEqual(['archive1.pst', 'person21', 'Projects 6', 'Folder 4321']);
    expect(first!.scopes.scopeOf(first!.filtered[3]!.node).path).toBe('/person21/Projects 6/Folder 4321');
    expect(first!.modelMs + first!.drawMs).toBeLessThan(3000);
  });
});
