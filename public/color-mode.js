// Applies the stored colour mode (light by default, dark, or system) to <html> before first paint.
(() => {
  var mode = 'light';
  try {
    var stored = window.localStorage.getItem('color-mode');
    if (stored === 'dark' || stored === 'system') mode = stored;
  } catch (_) {
    // storage unavailable: light
  }
  if (mode === 'system') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
})();
