/**
 * Record ids that the build (records.json, an Algolia upload) and the embedded engine compute alike
 * from the same inputs, so the index file need not carry them: 16 hex digits of two FNV-1a hashes.
 */
export function objectIdOf(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** What a record's id is made from: its URL, its type, its text, and how many records before it on the page had the same three. */
export const objectIdKey = (url: string, type: string, text: string, nth: number) => `${url}\0${type}\0${text}\0${nth}`;
