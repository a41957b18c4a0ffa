/** Debian's Chromium (`apt-get install chromium`): the e2e suite and bench:web drive it; nothing downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No GPU, no sandbox (root in CI) and no background traffic: the machine has no other internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
