(() => {
  let mode = 'light';
  try {
    const stored = window.localStorage.getItem('color-mode');
    if (stored === 'dark' || stored === 'system') mode = stored;
  } catch (_) {}
  if (mode === 'system') {
    mode = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
})();
