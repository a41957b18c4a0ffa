// Applies the stored colour mode (light by default, dark, or system) to <html> before first paint.
(() => {
  let mode = 'light';
  try {
    const stored = window.localStorage.getItem('color-mode');
    if (stored === 'dark' || stored === 'system') mode = stored;
  } catch (_) {
    // storage unavailable: light
  }
  if (mode === 'system') {
    mode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
})();
