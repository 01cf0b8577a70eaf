import { Download, Share } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { installPrompt, promptInstall } from '../../../lib/install-prompt.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * "Install the app": the browser's install dialog where it offers one (Chrome, Edge), the Share-menu
 * steps on iPhone and iPad, and nothing where it is installed already or cannot be (lib/install-prompt.ts).
 */
export function InstallAppSection() {
  const { productName } = useAppConfig();
  const option = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, installPrompt.getServerSnapshot);
  const [busy, setBusy] = useState(false);
  if (option === 'none') return null;

  async function install() {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      id="install-app"
      title="Install the app"
      description={`Open ${productName} from your home screen or dock, in its own window, like any other app.`}
    >
      {option === 'prompt' ? (
        <Button onClick={install} disabled={busy}>
          <Download className="size-4" aria-hidden="true" />
          Install app
        </Button>
      ) : (
        <p className="text-sm text-ink">
          In Safari, tap <Share className="inline size-4 align-text-bottom" aria-hidden="true" /> <strong>Share</strong>
          , then <strong>Add to Home Screen</strong>.
        </p>
      )}
    </SettingsSection>
  );
}
