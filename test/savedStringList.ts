// A StringList read from saved bytes, as a catalog snapshot holds it: pieces of the given encodings after a few bytes
// of something else.
import { StringList, type SavedPiece } from '../src/engine/index/stringList';

export function savedStringList(pieces: { values: string[]; encoding: SavedPiece['encoding'] }[]): StringList {
  const texts: Buffer[] = [Buffer.from('xyz')];
  let textStart = 3;
  const saved = pieces.map(({ values, encoding }) => {
    const ends = new Int32Array(values.length);
    let end = 0;
    values.forEach((value, index) => {
      const text = Buffer.from(value, encoding);
      texts.push(text);
      end += text.length;
      ends[index] = end;
    });
    const piece: SavedPiece = { ends, textStart, encoding };
    textStart += end;
    return piece;
  });
  return StringList.saved(Buffer.concat(texts), saved);
}
