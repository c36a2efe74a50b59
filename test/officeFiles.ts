// Test helpers: real Office and OpenDocument files (zip packages with their minimal required parts), built in memory.
import ExcelJS from 'exceljs';
import { makeZip } from './zip';

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function makeDocx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`).join('');
  return makeZip([
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: 'word/document.xml',
      content: `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

export function makePptx(slides: string[]): Buffer {
  const slideIds = slides.map((_text, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 1}"/>`).join('');
  const presentationRels = slides
    .map((_text, index) => `<Relationship Id="rId${index + 1}" Type="${RELATIONSHIP}/slide" Target="slides/slide${index + 1}.xml"/>`)
    .join('');
  const namespaces =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return makeZip([
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides.map((_text, index) => `<Override PartName="/ppt/slides/slide${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join('')}</Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    },
    { name: 'ppt/presentation.xml', content: `${XML}<p:presentation ${namespaces}><p:sldIdLst>${slideIds}</p:sldIdLst></p:presentation>` },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      content: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${presentationRels}</Relationships>`,
    },
    ...slides.map((text, index) => ({
      name: `ppt/slides/slide${index + 1}.xml`,
      content: `${XML}<p:sld ${namespaces}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${escapeXml(text)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    })),
  ]);
}

export function makeOdt(paragraphs: string[]): Buffer {
  const body = paragraphs.map((text) => `<text:p>${escapeXml(text)}</text:p>`).join('');
  return makeZip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text', stored: true },
    {
      name: 'META-INF/manifest.xml',
      content: `${XML}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
    {
      name: 'content.xml',
      content: `${XML}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    },
  ]);
}

/** A real .xlsx written by exceljs: one sheet, one row per entry. */
export async function makeXlsx(sheetName: string, rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
