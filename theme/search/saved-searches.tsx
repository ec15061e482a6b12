// The save and remove actions of the modal's recent and favourite searches, reached by the mouse and
// by keys. An entry is a listbox option, and an option holds no interactive element (its content is
// presentational to assistive technology, and a focusable control in it is a second stop that the
// arrows and Enter skip). A button with tabindex=-1 is still focusable, and axe still finds it nested
// in the option; so the actions are marks that take a click but no focus and stay out of the
// accessibility tree, and the keys below do the same on the selected entry from the search field.
import { Children, cloneElement, Fragment, isValidElement, type MouseEvent, type ReactNode } from 'react';

export type SavedSearchAction = 'save' | 'remove';

/**
 * The keys of each action, in aria-keyshortcuts' syntax. Delete removes, as it does a selected item
 * elsewhere; Alt+Enter saves: Enter is the selected entry's own key, and autocomplete leaves Enter with
 * Alt to the page (Ctrl, Cmd and Shift with Enter open the entry elsewhere). Neither types a character,
 * so a query can start with anything, and the start screen is only shown with an empty field.
 */
export const ACTION_KEYS: Record<SavedSearchAction, string> = { save: 'Alt+Enter', remove: 'Delete' };

const SAVE = 'Save this search';
const REMOVE_RECENT = 'Remove this search from history';
const REMOVE_FAVORITE = 'Remove this search from favorites';

/** The actions' titles, given to DocSearch so that each of its buttons is known by its title. */
export const startScreenTranslations = {
  saveRecentSearchButtonTitle: SAVE,
  removeRecentSearchButtonTitle: REMOVE_RECENT,
  removeFavoriteSearchButtonTitle: REMOVE_FAVORITE,
};

const ACTION_OF: Record<string, SavedSearchAction> = { [SAVE]: 'save', [REMOVE_RECENT]: 'remove', [REMOVE_FAVORITE]: 'remove' };

type Props = { className?: string; title?: string; onClick?: (event: MouseEvent) => void; children?: ReactNode };

/**
 * A hit's content as DocSearch draws it, each action button a mark in its place: the same look, title
 * and click handler (which stops the click before it reaches the hit), no focus, no role, hidden from
 * assistive technology.
 */
export function withActionMarks(node: ReactNode): ReactNode {
  if (!isValidElement<Props>(node)) return node;
  const { className, title, onClick, children } = node.props;
  const action = node.type === 'button' ? ACTION_OF[title ?? ''] : undefined;
  if (action)
    return (
      <span className={className} title={title} data-search-action={action} aria-hidden="true" onClick={onClick}>
        {children}
      </span>
    );
  if ((typeof node.type !== 'string' && node.type !== Fragment) || children === undefined) return node;
  return cloneElement(node, undefined, ...Children.toArray(children).map(withActionMarks));
}

/** The action the keys of `event` ask for, if any. */
function actionOf(event: KeyboardEvent): SavedSearchAction | null {
  if (event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === 'Enter' && event.altKey) return 'save';
  if (event.key === 'Delete' && !event.altKey) return 'remove';
  return null;
}

/**
 * Listens under `host` for the actions' keys in an empty search field and clicks the selected entry's
 * mark for that action (the field's aria-activedescendant is the selected option); `announce` gets what
 * was done, for a live region (the selected option's id can stay the same while its entry changes).
 * Returns the function that stops listening.
 */
export function listenForActionKeys(host: HTMLElement, announce: (message: string) => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.classList.contains('DocSearch-Input') || field.value !== '') return;
    const action = actionOf(event);
    const option = action && host.ownerDocument.getElementById(field.getAttribute('aria-activedescendant') ?? '');
    const mark = option?.querySelector<HTMLElement>(`[data-search-action="${action}"]`);
    if (!option || !mark) return;
    event.preventDefault();
    const entry = option.querySelector('.DocSearch-Hit-title')?.textContent ?? '';
    mark.click();
    announce(action === 'save' ? `Saved “${entry}” to favorites` : `Removed “${entry}”`);
  };
  host.addEventListener('keydown', onKeyDown);
  return () => host.removeEventListener('keydown', onKeyDown);
}

/**
 * The actions' keys, a line of the footer under DocSearch's own key hints and styled as they are;
 * shown while an entry has an action (modal.css).
 */
export function ActionKeyHints({ apple }: { apple: boolean }) {
  return (
    <ul className="DocSearch-Commands docsite-search-keys">
      <li>
        <kbd className="DocSearch-Commands-Key">{apple ? '⌥' : 'Alt'}</kbd>
        <kbd className="DocSearch-Commands-Key">↵</kbd>
        <span className="DocSearch-Label">to save the selected search</span>
      </li>
      <li>
        <kbd className="DocSearch-Commands-Key">Del</kbd>
        <span className="DocSearch-Label">to remove it</span>
      </li>
    </ul>
  );
}
