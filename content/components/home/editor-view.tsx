// The look of the home page's live editor, shared by the static placeholder (server render and the
// moments before the editor's code arrives) and the real Lexical editor. No Lexical code in here, so
// the page's own chunk stays light.
import type { MouseEvent, ReactNode } from 'react';
import { BoldIcon, BulletListIcon, ItalicIcon, NumberedListIcon, RedoIcon, UndoIcon } from './icons';

export const EDITOR_LABEL = 'Rich text editor demo';
export const INITIAL_TEXT =
  'This box is a real Lexical editor running on this page. Select a few words and make them bold, start a list, or type something of your own.';

export type ToolbarAction = 'bold' | 'italic' | 'bullet' | 'number' | 'undo' | 'redo';

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  bullet: boolean;
  number: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export const EMPTY_TOOLBAR_STATE: ToolbarState = {
  bold: false,
  italic: false,
  bullet: false,
  number: false,
  canUndo: false,
  canRedo: false,
};

interface ButtonSpec {
  action: ToolbarAction;
  label: string;
  icon: ReactNode;
  /** The state key shown through aria-pressed, for toggles. */
  pressed?: 'bold' | 'italic' | 'bullet' | 'number';
  enabled?: 'canUndo' | 'canRedo';
}

const GROUPS: ButtonSpec[][] = [
  [
    { action: 'undo', label: 'Undo', icon: <UndoIcon />, enabled: 'canUndo' },
    { action: 'redo', label: 'Redo', icon: <RedoIcon />, enabled: 'canRedo' },
  ],
  [
    { action: 'bold', label: 'Bold', icon: <BoldIcon />, pressed: 'bold' },
    { action: 'italic', label: 'Italic', icon: <ItalicIcon />, pressed: 'italic' },
  ],
  [
    { action: 'bullet', label: 'Bulleted list', icon: <BulletListIcon />, pressed: 'bullet' },
    { action: 'number', label: 'Numbered list', icon: <NumberedListIcon />, pressed: 'number' },
  ],
];

// Keep the caret and selection in the editor when a toolbar button is clicked with the mouse.
const keepSelection = (event: MouseEvent) => event.preventDefault();

export interface EditorToolbarProps {
  state: ToolbarState;
  /** Without a handler (before the editor has loaded) every button is disabled. */
  onAction?: (action: ToolbarAction) => void;
}

export function EditorToolbar({ state, onAction }: EditorToolbarProps) {
  return (
    <div className="home-editor__toolbar" role="toolbar" aria-label="Formatting">
      {GROUPS.map((group, index) => (
        <div className="home-editor__group" key={index}>
          {group.map((button) => (
            <button
              key={button.action}
              type="button"
              className="home-editor__button"
              aria-label={button.label}
              title={button.label}
              aria-pressed={button.pressed ? state[button.pressed] : undefined}
              disabled={!onAction || (button.enabled ? !state[button.enabled] : false)}
              onMouseDown={keepSelection}
              onClick={onAction ? () => onAction(button.action) : undefined}
            >
              {button.icon}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The editor's frame: toolbar on top, editable area below, a hint underneath. */
export function EditorFrame({ toolbar, children }: { toolbar: ReactNode; children: ReactNode }) {
  return (
    <div className="home-editor">
      <div className="home-editor__frame">
        {toolbar}
        <div className="home-editor__body">{children}</div>
      </div>
    </div>
  );
}

/** What the server renders, and what shows until the editor's code has loaded: same box, same text. */
export function EditorPlaceholder() {
  return (
    <EditorFrame toolbar={<EditorToolbar state={EMPTY_TOOLBAR_STATE} />}>
      <div className="home-editor__input" role="textbox" aria-label={EDITOR_LABEL} aria-multiline="true" aria-readonly="true">
        <p className="home-editor__paragraph">
          <span>{INITIAL_TEXT}</span>
        </p>
      </div>
    </EditorFrame>
  );
}
