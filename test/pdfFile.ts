// Test helper: a real one-page PDF with a text layer, built in memory.

/** A text string of a PDF content stream: WinAnsi bytes (é as \351), with its delimiters and backslash escaped. */
function pdfString(text: string): string {
  return [...text]
    .map((character) => {
      const code = character.codePointAt(0)!;
      if (character === '(' || character === ')' || character === '\\') return `\\${character}`;
      return code < 0x80 ? character : `\\${code.toString(8)}`;
    })
    .join('');
}

/** A real one-page PDF (Helvetica, WinAnsiEncoding, so Latin-1 letters work) with each entry of `lines` on a line of its own. */
export function makePdf(lines: string[]): Buffer {
  const content = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${pdfString(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
