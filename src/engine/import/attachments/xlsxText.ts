// Reads the cell text of an Excel (.xlsx) workbook with exceljs: one line per row, cells separated by tabs, sheet by sheet.
import type { ExtractorInput } from './extractorInput';

export async function xlsxText({ bytes, maxChars, signal }: ExtractorInput): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  const lines: string[] = [];
  let length = 0;
  for (const sheet of workbook.worksheets) {
    if (length >= maxChars || signal.aborted) break;
    lines.push(sheet.name);
    length += sheet.name.length + 1;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (length >= maxChars) return;
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell) => {
        const text = cell.text.trim();
        if (text !== '') cells.push(text);
      });
      const line = cells.join('\t');
      lines.push(line);
      length += line.length + 1;
    });
  }
  return lines.join('\n');
}
