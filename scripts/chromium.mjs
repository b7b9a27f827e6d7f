// Debian Chromium and the launch flags that work on these machines (STACK.md): one list for every runner.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
