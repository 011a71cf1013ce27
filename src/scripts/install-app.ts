/**
 * The app page's install button (decision 025): where the browser offers installation (Chrome, Edge, Samsung Internet
 * fire `beforeinstallprompt`), the button opens its prompt; where it does not (Safari), the page's steps explain it.
 * Once installed, or opened from the home screen, the page says so instead.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const button = document.querySelector<HTMLButtonElement>('[data-install-app]');
const installed = document.querySelector<HTMLElement>('[data-app-installed]');

const showInstalled = () => {
  if (button) button.hidden = true;
  if (installed) installed.hidden = false;
};

if (matchMedia('(display-mode: standalone)').matches) showInstalled();

addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  if (!button) return;
  button.hidden = false;
  button.onclick = async () => {
    const prompt = event as InstallPromptEvent;
    await prompt.prompt();
    if ((await prompt.userChoice).outcome === 'accepted') showInstalled();
  };
});
addEventListener('appinstalled', showInstalled);
