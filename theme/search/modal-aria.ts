/**
 * Corrects the roles and ARIA DocSearch's modal renders, for as long as the modal is open. DocSearch
 * makes its backdrop a button around the whole modal, gives every result list the same id, and has
 * the input control list ids that no element holds; here the backdrop has no role, the modal is a
 * dialog (its header and footer no landmarks of the page), each list has the id its options' ids are
 * made from, a recent or favourite search names its actions' keys, and the input is a combobox that
 * controls the lists on screen. React leaves an attribute alone until its own value for it changes,
 * so an observer applies the corrections again after each render that sets them back.
 */

import { ACTION_KEYS, type SavedSearchAction } from './saved-searches';

const BACKDROP_ATTRIBUTES = ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-controls', 'aria-labelledby'];

function set(element: Element, name: string, value: string | null): void {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function correct(host: HTMLElement): void {
  const backdrop = host.querySelector('.DocSearch-Container');
  if (backdrop) for (const name of BACKDROP_ATTRIBUTES) set(backdrop, name, null);

  const modal = host.querySelector('.DocSearch-Modal');
  if (modal) {
    set(modal, 'role', 'dialog');
    set(modal, 'aria-modal', 'true');
    set(modal, 'aria-labelledby', 'docsearch-label');
    // The modal's search bar and footer are parts of the dialog, not a second banner and contentinfo of the page.
    for (const part of Array.from(modal.querySelectorAll(':scope > header, :scope > footer'))) set(part, 'role', 'none');
  }

  // An option's id is `<autocomplete id>-<source>-item-<n>`, its list's `<autocomplete id>-<source>-list`.
  for (const list of Array.from(host.querySelectorAll('[role="listbox"]'))) {
    const option = list.querySelector('[role="option"][id]')?.id.match(/^(.*)-item-\d+$/);
    if (option) set(list, 'id', `${option[1]}-list`);
  }

  // A recent or favourite search names the keys of its actions (saved-searches.tsx).
  for (const option of Array.from(host.querySelectorAll('[role="option"]'))) {
    const marks = Array.from(option.querySelectorAll<HTMLElement>('[data-search-action]'));
    const keys = marks.map((mark) => ACTION_KEYS[mark.dataset.searchAction as SavedSearchAction]).filter(Boolean);
    set(option, 'aria-keyshortcuts', keys.length > 0 ? keys.join(' ') : null);
  }

  const input = host.querySelector('.DocSearch-Input');
  if (input) {
    const controlled = (input.getAttribute('aria-controls') ?? '').split(/\s+/).filter((id) => id && host.ownerDocument.getElementById(id));
    set(input, 'role', 'combobox');
    set(input, 'aria-expanded', controlled.length > 0 ? 'true' : 'false');
    set(input, 'aria-controls', controlled.length > 0 ? controlled.join(' ') : null);
  }
}

/** Keeps the modal under `host` corrected; the returned function stops. */
export function correctModalAria(host: HTMLElement): () => void {
  correct(host);
  const observer = new MutationObserver(() => correct(host));
  observer.observe(host, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'id', 'aria-controls', 'aria-labelledby'] });
  return () => observer.disconnect();
}
