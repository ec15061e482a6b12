/** The thin progress bar at the top of the window, shown only when a navigation takes longer than a delay. */
export function createProgressBar(delayMs: number) {
  let timer: number | undefined;
  let bar: HTMLDivElement | undefined;

  const element = () => {
    if (!bar) {
      bar = document.createElement('div');
      bar.className = 'docsite-progress';
      bar.setAttribute('role', 'progressbar');
      bar.setAttribute('aria-label', 'Loading page');
      document.body.appendChild(bar);
    }
    return bar;
  };

  return {
    start() {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => element().classList.add('docsite-progress--active'), delayMs);
    },
    done() {
      window.clearTimeout(timer);
      bar?.classList.remove('docsite-progress--active');
    },
  };
}
