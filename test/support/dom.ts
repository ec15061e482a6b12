/** Queries over HTML parsed with htmlparser2, for tests that check rendered markup. */
import assert from 'node:assert/strict';
import { DomUtils, parseDocument } from 'htmlparser2';

export type Doc = ReturnType<typeof parseDocument>;
export type El = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export function all(root: Doc | El, test: (el: El) => boolean): El[] {
  return DomUtils.findAll(test, [root]);
}

export function byTag(root: Doc | El, tag: string): El[] {
  return DomUtils.getElementsByTagName(tag, root, true);
}

export function hasClass(el: El, name: string): boolean {
  return (el.attribs.class ?? '').split(/\s+/).includes(name);
}

export function byClass(root: Doc | El, name: string): El[] {
  return all(root, (el) => hasClass(el, name));
}

/** Text content with whitespace collapsed. */
export function text(el: El): string {
  return DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
}

/** Parses a page and checks what every page must pass: unique ids, and links with a target and a name. */
export function parseChecked(html: string): Doc {
  const doc = parseDocument(html);
  const ids = all(doc, (el) => el.attribs.id !== undefined).map((el) => el.attribs.id);
  assert.deepEqual(
    ids.filter((id, index) => ids.indexOf(id) !== index),
    [],
    'no duplicate ids',
  );
  for (const link of byTag(doc, 'a')) {
    assert.ok(link.attribs.href, `link "${text(link)}" has an href`);
    const name = link.attribs['aria-label'] ?? text(link);
    assert.ok(name && name !== '#', `link to ${link.attribs.href} has a meaningful name`);
  }
  return doc;
}
