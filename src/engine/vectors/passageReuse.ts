// Embeds each distinct passage once: copies of one mail, a list's copies and repeated footers get the vector already
// made for the same text (after normalising its whitespace) instead of a second pass through the model.
import { nodeCrypto } from '../nodeCrypto';
import type { Embedder } from '../embed/embedder';

/**
 * Vectors remembered for reuse. A run goes newest mail first, so copies of a mail and a list's repeats mostly arrive
 * close together: the most recently used this many are enough, and bound the memory (20,000 × 512 floats is 40 MB).
 */
const REMEMBERED_PASSAGES = 20_000;

/** The key two passages share when the model would read the same text: Unicode and whitespace normalised, hashed. */
export function passageKey(text: string): string {
  return nodeCrypto().createHash('sha256').update(text.normalize('NFC').replace(/\s+/g, ' ').trim()).digest('base64');
}

export class PassageReuse {
  private readonly vectors = new Map<string, Float32Array>();
  /** Passages given a remembered vector instead of being embedded. */
  reused = 0;
  /** Passages the model embedded. */
  embedded = 0;

  constructor(private readonly capacity = REMEMBERED_PASSAGES) {}

  /** One vector per text, in order; only texts with no remembered vector reach `embedder`, each distinct one once. */
  async embed(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[]> {
    const keys = texts.map(passageKey);
    const wanted = new Map<string, string>();
    for (const [index, key] of keys.entries()) if (!this.vectors.has(key) && !wanted.has(key)) wanted.set(key, texts[index]!);
    const fresh = wanted.size === 0 ? [] : await embedder.embed([...wanted.values()]);
    const found = new Map<string, Float32Array>();
    [...wanted.keys()].forEach((key, index) => found.set(key, fresh[index]!));
    for (const key of keys) {
      const remembered = this.vectors.get(key);
      if (remembered) found.set(key, remembered);
    }
    this.embedded += wanted.size;
    this.reused += texts.length - wanted.size;
    // Used again or new: each moves to the young end of the map, so the vectors unused longest are the ones forgotten.
    for (const [key, vector] of found) this.remember(key, vector);
    return keys.map((key) => found.get(key)!);
  }

  private remember(key: string, vector: Float32Array): void {
    this.vectors.delete(key);
    this.vectors.set(key, vector);
    if (this.vectors.size > this.capacity) this.vectors.delete(this.vectors.keys().next().value!);
  }
}
