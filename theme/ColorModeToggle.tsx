// The navbar's colour-mode button: its name says what a click does; the choice is stored and every
// open tab of the site follows it.
import { useEffect, useState } from 'react';
import { COLOR_MODE_STORAGE_KEY, nextChoice, onSystemChange, saveChoice, showChoice, storedChoice, type ColorChoice, type ColorMode } from './color-mode';
import { MoonIcon, SunIcon, SystemModeIcon } from './icons';

export interface ColorModeToggleProps {
  defaultMode: ColorMode;
  /** Whether following the system's preference is one of the choices. */
  system: boolean;
  /** Docusaurus's props, which a site's own toggle (src/theme/ColorModeToggle) reads: the mode shown... */
  value?: ColorMode;
  /** ...and a setter that stores the choice (null: the site's default). */
  onChange?: (mode: ColorMode | null) => void;
}

const LABELS: Record<ColorChoice, string> = {
  light: 'Switch to light mode',
  dark: 'Switch to dark mode',
  system: "Switch to the system's colour mode",
};

const CURRENT: Record<ColorChoice, string> = {
  light: 'light mode',
  dark: 'dark mode',
  system: "the system's colour mode",
};

export default function ColorModeToggle({ defaultMode, system }: ColorModeToggleProps) {
  // The server cannot know the stored choice: it renders the default, and the browser reads the
  // choice the head script applied as soon as the page hydrates.
  const [choice, setChoice] = useState<ColorChoice>(system ? 'system' : defaultMode);

  useEffect(() => {
    const options = { defaultMode, system };
    setChoice(storedChoice(options));
    // Another tab changed the choice (or cleared storage).
    const onStorage = (event: StorageEvent) => {
      if (event.key !== COLOR_MODE_STORAGE_KEY && event.key !== null) return;
      const now = storedChoice(options);
      showChoice(now);
      setChoice(now);
    };
    window.addEventListener('storage', onStorage);
    const stopSystem = onSystemChange(() => {
      if (storedChoice(options) === 'system') showChoice('system');
    });
    return () => {
      window.removeEventListener('storage', onStorage);
      stopSystem();
    };
  }, [defaultMode, system]);

  const next = nextChoice(choice, system);
  const Icon = choice === 'dark' ? MoonIcon : choice === 'system' ? SystemModeIcon : SunIcon;
  return (
    <button
      type="button"
      className="color-mode-toggle"
      aria-label={LABELS[next]}
      title={`${LABELS[next]} (now ${CURRENT[choice]})`}
      onClick={() => {
        saveChoice(next);
        setChoice(next);
      }}
    >
      <Icon />
    </button>
  );
}
